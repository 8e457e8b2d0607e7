import type { MessageThread } from '../api/messages';

/**
 * The thread after its latest page was read again (a reply read back, an edit): the earlier pages
 * already loaded stay when the new page joins them (its first message is one of theirs); otherwise
 * the page replaces them.
 */
export function withLatestPage(previous: MessageThread | undefined, latest: MessageThread): MessageThread {
  const first = latest.messages[0];
  if (!previous || !first || latest.olderCursor === undefined) return latest;
  const at = previous.messages.findIndex((message) => message.id === first.id);
  if (at < 0) return latest;
  return {
    messages: [...previous.messages.slice(0, at), ...latest.messages],
    ...(previous.olderCursor !== undefined ? { olderCursor: previous.olderCursor } : {}),
  };
}

/** The thread with the page before its first message added in front. */
export function withOlderPage(thread: MessageThread, older: MessageThread): MessageThread {
  const loaded = new Set(thread.messages.map((message) => message.id));
  return {
    messages: [...older.messages.filter((message) => !loaded.has(message.id)), ...thread.messages],
    ...(older.olderCursor !== undefined ? { olderCursor: older.olderCursor } : {}),
  };
}
