import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { TriangleAlertIcon } from 'lucide-react';
import { MessageAttachments } from './message-attachments';

/** The user's message, as typed, on the right; a failed save shows '[Error saving this message]'. */
export function UserMessage({ message }: { message: Message }) {
  const marker = CHAT_MESSAGES.saveMessageFailed;
  const failed = message.content.endsWith(marker);
  const text = failed ? message.content.slice(0, -marker.length).trimEnd() : message.content;
  return (
    <div className="flex flex-col items-end gap-1">
      {message.attachments?.length ? (
        <MessageAttachments conversationId={message.conversationId} attachments={message.attachments} />
      ) : null}
      <div className="max-w-[85%] rounded-3xl bg-slate-100 px-5 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-slate-900">
        {text}
      </div>
      {failed ? (
        <p className="flex items-center gap-1 text-xs font-medium text-red-600">
          <TriangleAlertIcon className="size-3.5" />
          {marker}
        </p>
      ) : null}
    </div>
  );
}
