import type { Conversation } from '@agentforge/shared';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';

type ConversationItemProps = {
  conversation: Conversation;
  selected: boolean;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
};

/** A conversation in the sidebar; its delete button asks for a confirmation first. */
export function ConversationItem({ conversation, selected, onSelect, onDelete }: ConversationItemProps) {
  const [confirming, setConfirming] = useState(false);
  const title = conversation.title || conversation.name;

  if (confirming) {
    return (
      <li className="rounded-lg bg-red-50 px-3 py-2 ring-1 ring-red-100">
        <p className="truncate text-sm text-red-900">Delete “{title}”?</p>
        <div className="mt-2 flex gap-2">
          <button
            type="button"
            onClick={() => onDelete(conversation.id)}
            className="rounded-md bg-red-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-red-500"
          >
            Delete
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-md px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-white"
          >
            Cancel
          </button>
        </div>
      </li>
    );
  }

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
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Delete conversation ${title}`}
        className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1.5 text-slate-400 opacity-0 transition group-hover:opacity-100 hover:bg-slate-300/60 hover:text-red-600 focus-visible:opacity-100"
      >
        <Trash2Icon className="size-3.5" />
      </button>
    </li>
  );
}
