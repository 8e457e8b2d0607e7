import type { Message } from '@agentforge/shared';
import {
  defaultRangeExtractor,
  observeElementRect,
  type Rect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import type { OlderMessages } from '../hooks/use-conversation-data';
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
  /** Shows another alternative of a message ('< 2/3 >'; null while a reply is being written). */
  onShowBranch?: ((messageId: string) => void) | null;
  /** The earlier messages of a conversation loaded a page at a time (absent: all are given). */
  older?: OlderMessages | undefined;
};

/** A message's height until it is measured. */
const ESTIMATED_MESSAGE_PX = 120;
/** Messages kept rendered beyond the visible ones, each way (Tab reaches them). */
const OVERSCAN = 6;
/** Earlier messages load when the reader is this close to the top. */
const LOAD_OLDER_WITHIN_PX = 800;

/** The view's size before it is laid out (or where nothing is), so the latest messages render at once. */
const UNLAID_VIEW: Rect = { width: 768, height: 800 };

/** What changes as a reply streams in: the count, and the size of the last message. */
function contentKeyOf(messages: Message[]): string {
  const last = messages.at(-1);
  return `${messages.length}:${last?.content.length ?? 0}:${last?.toolCalls?.length ?? 0}`;
}

/**
 * The conversation's messages, only those near the view rendered (a long chat opens at once);
 * follows new content while the reader is near the bottom, loads earlier pages as they scroll up
 * (keeping what they read in place), and keeps the message holding the focus rendered.
 */
export function MessageList({
  conversationId,
  messages,
  loading,
  activity,
  replay,
  onShowBranch,
  older,
}: MessageListProps) {
  const scroller = useRef<HTMLElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  // Where the list starts in the scroll container (under the padding and the earlier-messages row).
  const [listTop, setListTop] = useState(0);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_MESSAGE_PX,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    initialRect: UNLAID_VIEW,
    // A chat: messages added above the first (earlier pages) keep the one in view in place.
    anchorTo: 'end',
    // A scroll's re-render is batched by React, not forced inside the scroll event.
    useFlushSync: false,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : UNLAID_VIEW)),
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const at = focused.current === null ? -1 : messages.findIndex((m) => m.id === focused.current);
      return at >= 0 && !indexes.includes(at) ? [...indexes, at].sort((a, b) => a - b) : indexes;
    },
  });
  // Another conversation, or a message the user just sent, scrolls to the bottom; content that
  // grows (a reply streaming, messages measured) is followed near the bottom.
  // (The latest message of the user's: earlier pages added above do not change it.)
  const sent = messages.findLast((m) => m.role === 'user')?.id;
  const { onScroll } = useAutoScroll(
    `${contentKeyOf(messages)}:${virtualizer.getTotalSize()}`,
    `${conversationId}:${sent}`,
    scroller,
  );

  // Where the list starts moves only with what is above it (the earlier-messages row): measured
  // when that changes, not on every render (read after a scroll's writes, it forced a layout each
  // time the list re-rendered).
  const header = useRef<HTMLDivElement>(null);
  const measureListTop = useCallback(() => {
    const top = sizer.current?.offsetTop;
    if (top !== undefined) setListTop(top);
  }, []);
  const olderRow = older && (older.more || older.error) ? older : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the row above changes.
  useLayoutEffect(measureListTop, [measureListTop, loading, olderRow?.loading, olderRow?.error, !olderRow]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row is rendered again after loading.
  useEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureListTop);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measureListTop, loading]);
  // The message holding the focus stays rendered while it is scrolled away (an edit, a button).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onFocusIn = (event: FocusEvent) => {
      focused.current =
        (event.target as Element).closest('[data-message-id]')?.getAttribute('data-message-id') ?? null;
    };
    const onFocusOut = () => {
      focused.current = null;
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const loadOlderNearTop = useCallback(() => {
    const el = scroller.current;
    if (!el || !older?.more || older.loading || older.error) return;
    if (el.scrollTop <= LOAD_OLDER_WITHIN_PX) older.load();
  }, [older]);
  // Also when the messages shown do not fill the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again as messages come in.
  useEffect(loadOlderNearTop, [loadOlderNearTop, messages.length]);

  const items = virtualizer.getVirtualItems();
  return (
    <section
      ref={scroller}
      onScroll={() => {
        onScroll();
        loadOlderNearTop();
      }}
      aria-label="Messages"
      aria-busy={loading || undefined}
      className="relative min-h-0 flex-1 overflow-y-auto"
    >
      <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-10 sm:px-6">
        {loading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          <>
            <div ref={header}>{olderRow ? <OlderMessagesRow older={olderRow} /> : null}</div>
            <div ref={sizer} className="relative" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const message = messages[item.index];
                if (!message) return null;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    data-message-id={message.id}
                    ref={virtualizer.measureElement}
                    className="absolute top-0 left-0 w-full"
                    style={{ transform: `translateY(${item.start - listTop}px)` }}
                  >
                    <MessageItem
                      message={message}
                      activity={activity?.messageId === message.id ? activity.label : undefined}
                      // Saved messages only (a temporary id is not the server's yet); plans are not replayed.
                      replay={
                        replay && !isTempMessageId(message.id) && !message.agentStep && !message.isLoading
                          ? replay
                          : undefined
                      }
                      onShowBranch={onShowBranch}
                      last={item.index === messages.length - 1}
                    />
                  </div>
                );
              })}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** Above the first message loaded: earlier ones loading, a failed load with 'Retry', or a button. */
function OlderMessagesRow({ older }: { older: OlderMessages }) {
  const button =
    'rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500';
  return (
    <div className="flex min-h-10 flex-wrap items-center justify-center gap-2 pb-2">
      {older.loading ? (
        <Spinner label="Loading earlier messages..." />
      ) : older.error ? (
        <>
          <p role="alert" className="text-sm text-red-700">
            {older.error}
          </p>
          <button type="button" onClick={older.load} className={button}>
            Retry
          </button>
        </>
      ) : (
        <button type="button" onClick={older.load} className={button}>
          Load earlier messages
        </button>
      )}
    </div>
  );
}
