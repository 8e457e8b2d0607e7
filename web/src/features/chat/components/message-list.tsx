import type { Message } from '@agentforge/shared';
import { Spinner } from '../../../components/spinner';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { isTempMessageId } from '../utils/chat-reducer';
import { MessageItem, type ReplayActions } from './message-item';

type MessageListProps = {
  conversationId: string | null;
  messages: Message[];
  loading: boolean;
  /** The reply being generated and what it waits for, shown by its typing dots. */
  activity?: { messageId: string; label: string } | null;
  /** Regenerate the last reply and edit a message of yours (absent while they cannot be used). */
  replay?: ReplayActions | null;
};

/** What changes as a reply streams in: the count, and the size of the last message. */
function contentKeyOf(messages: Message[]): string {
  const last = messages.at(-1);
  return `${messages.length}:${last?.content.length ?? 0}:${last?.toolCalls?.length ?? 0}`;
}

/** The conversation's messages; follows new content while the reader is near the bottom. */
export function MessageList({ conversationId, messages, loading, activity, replay }: MessageListProps) {
  // Another conversation, or a message the user just sent, scrolls to the bottom.
  const sent = messages.filter((m) => m.role === 'user').length;
  const { ref, onScroll } = useAutoScroll<HTMLDivElement>(
    contentKeyOf(messages),
    `${conversationId}:${sent}`,
  );

  return (
    <section
      ref={ref}
      onScroll={onScroll}
      aria-label="Messages"
      aria-busy={loading || undefined}
      className="min-h-0 flex-1 overflow-y-auto"
    >
      <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-10 sm:px-6">
        {loading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              activity={activity?.messageId === message.id ? activity.label : undefined}
              // Saved messages only (a temporary id is not the server's yet); plans are not replayed.
              replay={
                replay && !isTempMessageId(message.id) && !message.agentStep && !message.isLoading
                  ? replay
                  : undefined
              }
              last={message === messages.at(-1)}
            />
          ))
        )}
      </div>
    </section>
  );
}
