import { CHAT_MESSAGES, type Conversation } from '@agentforge/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { ConversationItem } from './conversation-item';
import { GearIcon, LogoutIcon, PlusIcon } from './icons';

type SidebarProps = {
  conversations: Conversation[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onDelete: (id: string) => void;
  email: string | null;
  onOpenSettings: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

const FOOTER_BUTTON =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-200/60 disabled:opacity-60';

function ConversationList({
  conversations,
  status,
  error,
  onRetry,
  selectedId,
  onSelect,
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
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}

/** Conversations (newest first), 'New Chat', and the account: e-mail, 'Settings', 'Sign out'. */
export function Sidebar(props: SidebarProps) {
  const { email, onSelect, onOpenSettings, onSignOut, signingOut } = props;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <BrandLogo />
      </div>
      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={() => onSelect(null)}
          className="flex w-full items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50"
        >
          <PlusIcon />
          New Chat
        </button>
      </div>
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">Chats</p>
        <ConversationList {...props} />
      </nav>
      <div className="shrink-0 space-y-0.5 border-t border-slate-200 p-3">
        {email ? <p className="truncate px-3 pb-1.5 text-xs text-slate-500">{email}</p> : null}
        <button type="button" onClick={onOpenSettings} className={FOOTER_BUTTON}>
          <GearIcon />
          Settings
        </button>
        <button type="button" onClick={onSignOut} disabled={signingOut} className={FOOTER_BUTTON}>
          <LogoutIcon />
          Sign out
        </button>
      </div>
    </div>
  );
}
