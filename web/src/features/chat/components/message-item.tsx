import type { Message } from '@agentforge/shared';
import { memo } from 'react';
import { AssistantMessage } from './assistant-message';
import { UserMessage } from './user-message';

/** One chat message: the user's on the right; the model's with its model name, tool calls and Markdown. */
export const MessageItem = memo(function MessageItem({
  message,
  activity,
}: {
  message: Message;
  /** What the reply being generated waits for (e.g. its MCP server starting). */
  activity?: string | undefined;
}) {
  return (
    <article aria-label={message.role === 'user' ? 'Your message' : 'Reply'} className="py-3">
      {message.role === 'user' ? (
        <UserMessage message={message} />
      ) : (
        <AssistantMessage message={message} activity={activity} />
      )}
    </article>
  );
});
