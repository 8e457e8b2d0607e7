import type { MessageRecord } from './message.js';

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
