import { CHAT_MESSAGES, type Conversation } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { FileTextIcon, MessageSquareIcon, PlusIcon, ServerIcon, UploadIcon, ZapIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/tabs';
import { teamsQuery } from '../../teams/api/queries';
import { CreatesIn } from '../../teams/components/creates-in';
import { useSpaceTeamId } from '../../teams/hooks/use-space';
import { useRovingList } from '../hooks/use-roving-list';
import { inSpace } from '../utils/conversation-space';
import { AccountMenu } from './account-menu';
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
  onOpenShortcuts: () => void;
  view?: SidebarView;
  onViewChange?: (view: SidebarView) => void;
  /** The Servers view; without it the sidebar has no Chats/Servers toggle. */
  servers?: ReactNode;
};

/** The active space's conversations: one Tab stop, arrow keys between rows and a row's actions. */
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
  labelId,
}: SidebarProps & { labelId: string }) {
  const roving = useRovingList<HTMLUListElement>(selectedId);
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
  return (
    <>
      {/* Kept when empty: the focus of the last row deleted lands on the list. */}
      <ul
        ref={roving.listRef}
        tabIndex={-1}
        aria-labelledby={labelId}
        onFocus={roving.onFocus}
        onKeyDown={roving.onKeyDown}
        className="space-y-0.5 outline-none"
      >
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
      {conversations.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500">{CHAT_MESSAGES.noConversations}</p>
      ) : null}
    </>
  );
}

const PANEL = 'flex min-h-0 flex-1 flex-col outline-none';

const VIEWS: readonly { id: SidebarView; label: string; icon: typeof ServerIcon }[] = [
  { id: 'chats', label: 'Chats', icon: MessageSquareIcon },
  { id: 'servers', label: 'Servers', icon: ServerIcon },
];

/** The pages of the space's things beside the chat, above the account menu. */
const FOOTER_LINKS = [
  { to: '/automations', label: 'Automations', icon: ZapIcon },
  { to: '/knowledge', label: 'Knowledge', icon: FileTextIcon },
] as const;

/** The Chats/Servers toggle (spec 2): a tab list (arrow keys move between the two). */
function ViewToggle() {
  return (
    <TabList aria-label="Sidebar" className="mx-3 mb-3 flex gap-1 rounded-lg bg-slate-200/60 p-1">
      {VIEWS.map(({ id, label, icon: Icon }) => (
        <Tab
          key={id}
          value={id}
          className="flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-semibold text-slate-600 transition hover:text-slate-800 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
        >
          <Icon className="size-3.5" />
          {label}
        </Tab>
      ))}
    </TabList>
  );
}

/**
 * The active space's conversations (newest first, pinned on top) and 'New Chat', or with a Servers
 * view the Chats/Servers toggle; at the foot the account menu ('Logout' is in the top bar, spec 2).
 */
export function Sidebar(props: SidebarProps) {
  const { email, onSelect, servers, view = 'chats', onViewChange } = props;
  const createsInId = useId();
  const spaceTeamId = useSpaceTeamId();
  const myTeamIds = useQuery(teamsQuery()).data?.teams.map((team) => team.teamId);
  const conversations = props.conversations.filter((conversation) =>
    inSpace(conversation, spaceTeamId, myTeamIds),
  );
  const current = props.conversations.find((conversation) => conversation.id === props.selectedId);
  const [searching, setSearching] = useState(false);
  const chats = (
    <>
      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={() => onSelect(null)}
          aria-describedby={createsInId}
          className="flex w-full items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50"
        >
          <PlusIcon className="size-4" />
          New Chat
          <CreatesIn id={createsInId} />
        </button>
        <label className="mt-1.5 flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-1.5 text-xs font-medium text-slate-600 transition hover:bg-slate-200/60 focus-within:outline-2 focus-within:outline-indigo-500">
          <UploadIcon className="size-3.5" />
          Import a conversation (JSON)
          <CreatesIn />
          <input
            type="file"
            accept="application/json,.json"
            aria-describedby={createsInId}
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
        <ConversationSearch
          onSelect={onSelect}
          onActiveChange={setSearching}
          inList={(id) => conversations.some((conversation) => conversation.id === id)}
        />
        {searching ? null : (
          <nav aria-label="Conversations" className="px-3 py-2">
            <p
              id={`${createsInId}-chats`}
              className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Chats
            </p>
            <ConversationList {...props} conversations={conversations} labelId={`${createsInId}-chats`} />
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
        <Tabs
          value={view}
          onValueChange={(value) => onViewChange(value as SidebarView)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <ViewToggle />
          <TabPanel value="chats" tabIndex={-1} className={PANEL}>
            {chats}
          </TabPanel>
          <TabPanel value="servers" tabIndex={-1} className={PANEL}>
            {servers}
          </TabPanel>
        </Tabs>
      ) : (
        chats
      )}
      <div className="shrink-0 border-t border-slate-200 p-2">
        {FOOTER_LINKS.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Link>
        ))}
        <AccountMenu
          email={email}
          current={current}
          onOpenSettings={props.onOpenSettings}
          onOpenSubscription={props.onOpenSubscription}
          onOpenShortcuts={props.onOpenShortcuts}
        />
      </div>
    </div>
  );
}
