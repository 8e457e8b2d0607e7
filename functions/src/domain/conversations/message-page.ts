import * as z from 'zod';
import { ValidationError } from '../errors.js';
import type { MessagePageOptions, MessageRecord, TreeNode } from './message.js';

/**
 * The most a page of messages holds, in bytes of the function's response. A buffered Lambda's
 * response may not pass 6,291,556 bytes (API Gateway then answers 502 for the whole page), and
 * messages with large tool outputs can reach that in fewer messages than the page's count; the
 * rest leaves room for the envelope and the cursor.
 */
export const MESSAGE_PAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What a message adds to a buffered response: its JSON, serialized once more as the result's
 * `body` string (Lambda measures the result, so every quote and escape in the body counts twice).
 */
const responseBytesOf = (record: MessageRecord) => Buffer.byteLength(JSON.stringify(JSON.stringify(record)));

/** How many of `records`, from the first, fit in a page of `maxBytes` (at least one: a single message always fits). */
export function countWithinPageBytes(
  records: readonly MessageRecord[],
  maxBytes = MESSAGE_PAGE_MAX_BYTES,
): number {
  let used = 0;
  for (const [index, record] of records.entries()) {
    used += responseBytesOf(record);
    if (used > maxBytes) return Math.max(1, index);
  }
  return records.length;
}

const encodeCursor = (conversationId: string, messageId: string) =>
  Buffer.from(JSON.stringify({ conversationId, messageId })).toString('base64url');

/** A cursor is exactly the key of this conversation's last message on a page, or it is refused. */
function decodeCursor(conversationId: string, cursor: string): string {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const parsed = z
      .strictObject({ conversationId: z.literal(conversationId), messageId: z.string().min(1).max(64) })
      .safeParse(key);
    if (parsed.success) return parsed.data.messageId;
  } catch {
    // falls through to the validation error
  }
  throw new ValidationError('Invalid cursor');
}

/**
 * A page of the shown path (`path`: first turn to last): the `limit` messages after the cursor in
 * the order asked for (newest first: those before it), read in full by `load`. The path's ids grow
 * from a parent to its child, so a cursor left by a branch no longer shown still pages on by age.
 */
export async function pathPage<T extends TreeNode, R extends MessageRecord>(
  conversationId: string,
  path: readonly T[],
  { limit, cursor, order = 'oldest' }: MessagePageOptions,
  load: (nodes: T[]) => Promise<R[]>,
): Promise<{ messages: R[]; nextCursor?: string }> {
  const after = cursor === undefined ? undefined : decodeCursor(conversationId, cursor);
  const ordered = order === 'newest' ? path.toReversed() : [...path];
  const rest =
    after === undefined
      ? ordered
      : ordered.filter((m) => (order === 'newest' ? m.messageId < after : m.messageId > after));
  const records = await load(rest.slice(0, limit));
  const shown = records.slice(0, countWithinPageBytes(records));
  const last = shown.at(-1);
  return {
    messages: shown,
    ...(last && rest.length > shown.length
      ? { nextCursor: encodeCursor(conversationId, last.messageId) }
      : {}),
  };
}
