import type { Conversation } from '@agentforge/shared';
import { Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

type ConversationItemProps = {
  conversation: Conversation;
  selected: boolean;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
};

/** A conversation in the sidebar; its delete button asks for a confirmation first. */
export function ConversationItem({ conversation, selected, onSelect, onDelete }: ConversationItemProps) {
  const title = conversation.title || conversation.name;

  return (
    <li className="group relative">
      <button
        type="button"
        onClick={() => onSelect(conversation.id)}
        aria-current={selected ? 'page' : undefined}
        className={`block w-full truncate rounded-lg py-2 pr-9 pl-3 text-left text-sm transition ${
          selected ? 'bg-slate-200/80 font-medium text-slate-900' : 'text-slate-700 hover:bg-slate-200/50'
        }`}
      >
        {title}
      </button>
      <ConfirmDialog
        title="Delete conversation"
        description={`Delete “${title}”? Its messages are deleted too.`}
        confirmLabel="Delete"
        onConfirm={() => onDelete(conversation.id)}
        trigger={
          <button
            type="button"
            aria-label={`Delete conversation ${title}`}
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1.5 text-slate-500 opacity-0 transition group-hover:opacity-100 hover:bg-slate-300/60 hover:text-red-600 focus-visible:opacity-100"
          >
            <Trash2Icon className="size-3.5" />
          </button>
        }
      />
    </li>
  );
}
