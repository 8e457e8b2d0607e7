import { type Conversation, SHARE_BUTTON_LABEL } from '@agentforge/shared';
import { Share2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The dialog's code loads when it is first opened (the chat's header goes without it).
const ShareConversationDialog = lazy(() =>
  import('./share-conversation-dialog').then((module) => ({ default: module.ShareConversationDialog })),
);

/** The chat header's 'Share with team' (a dot when shared), opening the share dialog. */
export function ShareButton({ conversation }: { conversation: Conversation }) {
  const [open, setOpen] = useState(false);
  const shared = conversation.sharedWithTeamId !== undefined;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <Share2Icon aria-hidden="true" className={`size-4 ${shared ? 'text-indigo-600' : ''}`} />
        <span className="max-lg:sr-only">{SHARE_BUTTON_LABEL}</span>
        {shared ? <span className="sr-only"> (shared)</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareConversationDialog conversation={conversation} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
