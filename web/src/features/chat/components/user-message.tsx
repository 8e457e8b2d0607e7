import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { PencilIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { userTextBlocks } from '../utils/user-text-blocks';
import { CodeBlock } from './code-block';
import { MessageAttachments } from './message-attachments';

/**
 * The user's message on the right: its text as typed, its fenced code blocks as the replies' are
 * (highlighted, the file name as a caption; 'Send Code to Chat' sends one); a failed save shows '[Error saving this message]'.
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
        <UserText text={text} />
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

/** Plain text (`inline code` in monospace) and fenced code blocks; nothing else becomes markup. */
function UserText({ text }: { text: string }) {
  const blocks = userTextBlocks(text);
  const hasCode = blocks.some((block) => block.type === 'code');
  return (
    <div
      className={cn(
        'max-w-[85%] min-w-0 rounded-3xl bg-slate-100 px-5 py-2.5 text-[15px] leading-7 break-words text-slate-900',
        hasCode && 'w-full',
      )}
    >
      {blocks.map((block, index) =>
        block.type === 'code' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position.
          <CodeBlock key={index} code={block.code} language={block.language} fileName={block.fileName} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position.
          <p key={index} className="my-2 whitespace-pre-wrap first:mt-0 last:mb-0">
            <InlineCode text={block.text} />
          </p>
        ),
      )}
    </div>
  );
}

/** `code` spans in monospace, the rest as text (each part keyed by where it starts). */
function InlineCode({ text }: { text: string }) {
  let start = 0;
  return text.split(/(`[^`\n]+`)/).map((part) => {
    const key = start;
    start += part.length;
    return /^`[^`\n]+`$/.test(part) ? (
      <code
        key={key}
        className="rounded-md bg-slate-200 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800"
      >
        {part.slice(1, -1)}
      </code>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
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
