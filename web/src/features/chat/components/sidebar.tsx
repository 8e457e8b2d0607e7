import { CHAT_MESSAGES, type Conversation } from '@agentforge/shared';
import {
  CodeIcon,
  CreditCardIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  PlusIcon,
  ServerIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { buttonVariants } from '../../../components/ui/button';
import { SpaceSwitcher } from '../../teams/components/space-switcher';
import { workspaceLinkState } from '../../workspace/utils/workspace-link';
import { ConversationItem } from './conversation-item';
import { ConversationSearch } from './conversation-search';

export type SidebarView = 'chats' | 'servers';

type SidebarProps = {
  conversations: Conversation[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A conversation's row is hovered or focused: it may be opened next. */
  onPrefetch?: (id: string) => void;
  onRename: (id: string, title: string) => void;
  onTogglePin: (id: string) => void;
  onExport: (id: string, format: 'md' | 'json') => void;
  /** A JSON export to make a new conversation of. */
  onImport: (file: File) => void;
  onDelete: (id: string) => void;
  email: string | null;
  onOpenSettings: () => void;
  /** 'Subscription & Usage'; without it the sidebar has no Subscription button. */
  onOpenSubscription?: () => void;
  view?: SidebarView;
  onViewChange?: (view: SidebarView) => void;
  /** The Servers view; without it the sidebar has no Chats/Servers toggle. */
  servers?: ReactNode;
};

const FOOTER_BUTTON = buttonVariants({
  variant: 'ghost',
  className: 'w-full justify-start gap-2.5 font-medium hover:bg-slate-200/60 disabled:opacity-60',
});

function ConversationList({
  conversations,
  status,
  error,
  onRetry,
  selectedId,
  onSelect,
  onPrefetch,
  onRename,
  onTogglePin,
  onExport,
  onDelete,
}: SidebarProps) {
  if (status === 'loading' && conversations.length === 0) {
    return (
      <div className="space-y-2 px-1" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-8 animate-pulse rounded-lg bg-slate-200/60" />
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="px-3 text-sm text-red-600">
        <p>{error}</p>
        <button type="button" onClick={onRetry} className="mt-1 font-semibold underline underline-offset-2">
          Retry
        </button>
      </div>
    );
  }
  if (conversations.length === 0) {
    return <p className="px-3 py-2 text-sm text-slate-500">{CHAT_MESSAGES.noConversations}</p>;
  }
  return (
    <ul className="space-y-0.5">
      {conversations.map((conversation) => (
        <ConversationItem
          key={conversation.id}
          conversation={conversation}
          selected={conversation.id === selectedId}
          onSelect={onSelect}
          onPrefetch={onPrefetch}
          onRename={onRename}
          onTogglePin={onTogglePin}
          onExport={onExport}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}

const PANEL = 'flex min-h-0 flex-1 flex-col outline-none';

const VIEWS: readonly { id: SidebarView; label: string; icon: typeof ServerIcon }[] = [
  { id: 'chats', label: 'Chats', icon: MessageSquareIcon },
  { id: 'servers', label: 'Servers', icon: ServerIcon },
];

/** The Chats/Servers toggle (spec 2): a tab list (arrow keys move between the two). */
function ViewToggle() {
  return (
    <Tabs.List aria-label="Sidebar" className="mx-3 mb-3 flex gap-1 rounded-lg bg-slate-200/60 p-1">
      {VIEWS.map(({ id, label, icon: Icon }) => (
        <Tabs.Trigger
          key={id}
          value={id}
          className="flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-semibold text-slate-600 transition hover:text-slate-800 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
        >
          <Icon className="size-3.5" />
          {label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/**
 * Conversations (newest first) and 'New Chat', or with a Servers view the Chats/Servers toggle;
 * and the account: e-mail, 'Settings' and 'Subscription' ('Logout' is in the top bar, spec 2).
 */
export function Sidebar(props: SidebarProps) {
  const {
    email,
    onSelect,
    onOpenSettings,
    onOpenSubscription,
    servers,
    view = 'chats',
    onViewChange,
  } = props;
  const current = props.conversations.find((conversation) => conversation.id === props.selectedId);
  const [searching, setSearching] = useState(false);
  const chats = (
    <>
      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={() => onSelect(null)}
          className="flex w-full items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50"
        >
          <PlusIcon className="size-4" />
          New Chat
        </button>
        <label className="mt-1.5 flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-1.5 text-xs font-medium text-slate-600 transition hover:bg-slate-200/60 focus-within:outline-2 focus-within:outline-indigo-500">
          <UploadIcon className="size-3.5" />
          Import a conversation (JSON)
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) props.onImport(file);
            }}
          />
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ConversationSearch onSelect={onSelect} onActiveChange={setSearching} />
        {searching ? null : (
          <nav aria-label="Conversations" className="px-3 py-2">
            <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Chats</p>
            <ConversationList {...props} />
          </nav>
        )}
      </div>
    </>
  );
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <BrandLogo />
      </div>
      {servers !== undefined && onViewChange ? (
        <Tabs.Root
          value={view}
          onValueChange={(value) => onViewChange(value as SidebarView)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <ViewToggle />
          <Tabs.Content value="chats" className={PANEL}>
            {chats}
          </Tabs.Content>
          <Tabs.Content value="servers" className={PANEL}>
            {servers}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        chats
      )}
      <div className="shrink-0 space-y-0.5 border-t border-slate-200 p-3">
        {email ? <p className="truncate px-3 pb-1.5 text-xs text-slate-500">{email}</p> : null}
        <SpaceSwitcher />
        <Link to="/workspace" state={workspaceLinkState(current)} className={FOOTER_BUTTON}>
          <CodeIcon className="size-4" />
          Code workspace
        </Link>
        <Link to="/teams" className={FOOTER_BUTTON}>
          <UsersIcon className="size-4" />
          Teams
        </Link>
        <Link to="/dashboard" className={FOOTER_BUTTON}>
          <LayoutDashboardIcon className="size-4" />
          Dashboard
        </Link>
        <Link to="/profile" className={FOOTER_BUTTON}>
          <UserIcon className="size-4" />
          Profile
        </Link>
        <Link to="/audit" className={FOOTER_BUTTON}>
          <HistoryIcon className="size-4" />
          Activity log
        </Link>
        <button type="button" onClick={onOpenSettings} className={FOOTER_BUTTON}>
          <SettingsIcon className="size-4" />
          Settings
        </button>
        {onOpenSubscription ? (
          <button type="button" onClick={onOpenSubscription} className={FOOTER_BUTTON}>
            <CreditCardIcon className="size-4" />
            Subscription
          </button>
        ) : null}
      </div>
    </div>
  );
}
