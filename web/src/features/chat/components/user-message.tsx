import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { PencilIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MessageAttachments } from './message-attachments';

/**
 * The user's message, as typed, on the right; a failed save shows '[Error saving this message]'.
 * With `onEdit`, 'Edit' turns it into a form: 'Send' replaces it and every later turn.
 */
export function UserMessage({
  message,
  onEdit,
}: {
  message: Message;
  onEdit?: ((messageId: string, content: string) => boolean) | undefined;
}) {
  const marker = CHAT_MESSAGES.saveMessageFailed;
  const failed = message.content.endsWith(marker);
  const text = failed ? message.content.slice(0, -marker.length).trimEnd() : message.content;
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      {message.attachments?.length ? (
        <MessageAttachments conversationId={message.conversationId} attachments={message.attachments} />
      ) : null}
      {editing && onEdit ? (
        <EditForm
          initial={text}
          onCancel={() => setEditing(false)}
          onSend={(content) => {
            if (onEdit(message.id, content)) setEditing(false);
          }}
        />
      ) : (
        <div className="max-w-[85%] rounded-3xl bg-slate-100 px-5 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-slate-900">
          {text}
        </div>
      )}
      {failed ? (
        <p className="flex items-center gap-1 text-xs font-medium text-red-600">
          <TriangleAlertIcon className="size-3.5" />
          {marker}
        </p>
      ) : null}
      {onEdit && !editing ? (
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label="Edit message"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <PencilIcon className="size-3.5" />
          Edit
        </button>
      ) : null}
    </div>
  );
}

function EditForm({
  initial,
  onCancel,
  onSend,
}: {
  initial: string;
  onCancel: () => void;
  onSend: (content: string) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Edit message"
      className="w-full max-w-[85%] rounded-3xl bg-slate-100 px-4 py-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Your message
      </label>
      <textarea
        id={id}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        // biome-ignore lint/a11y/noAutofocus: the user asked to edit this message just now
        autoFocus
        className="w-full resize-y bg-transparent text-[15px] leading-7 text-slate-900 outline-none"
      />
      <p className="mb-2 text-xs text-slate-600">Sending replaces this message and the replies after it.</p>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          Cancel
        </button>
        <button
          type="submit"
          className="rounded-full bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          Send
        </button>
      </div>
    </form>
  );
}
