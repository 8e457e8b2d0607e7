import type { KnowledgeCitation, ToolCall, ToolsOffered, WebSource } from '@agentforge/shared';
import type { MessageChanges } from '../conversations/message.js';

/** A message item holds at most 400 KB: a reply keeps this much text, its tool calls this much. */
export const MAX_STORED_REPLY_BYTES = 300 * 1024;
export const MAX_STORED_TOOL_CALLS_BYTES = 64 * 1024;
export const REPLY_TRUNCATED_NOTE = '[Reply truncated: it was longer than a message can hold]';
const TOOL_RESULT_PREVIEW_CHARS = 2_000;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The text cut to `maxBytes` of UTF-8 (never inside a character). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (bytes(text) <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  return cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut;
}

/**
 * Checked on every delta, so it must not scan the whole reply each time (quadratic over a long
 * one): a UTF-16 code unit is at most 3 bytes of UTF-8, so a short reply is answered by its length.
 */
export const isTooLong = (content: string) =>
  content.length * 3 > MAX_STORED_REPLY_BYTES && bytes(content) > MAX_STORED_REPLY_BYTES;

/** Tool calls as stored: results past the budget are kept as a short preview. */
function boundedToolCalls(toolCalls: ToolCall[]): ToolCall[] {
  if (bytes(JSON.stringify(toolCalls)) <= MAX_STORED_TOOL_CALLS_BYTES) return toolCalls;
  return toolCalls.map((call) => {
    if (call.result === undefined) return call;
    const text = typeof call.result === 'string' ? call.result : JSON.stringify(call.result);
    return text.length <= TOOL_RESULT_PREVIEW_CHARS
      ? call
      : { ...call, result: `${text.slice(0, TOOL_RESULT_PREVIEW_CHARS)}… [truncated]` };
  });
}

/** What a save writes: never more than a message item can hold. */
export function storedReply(state: {
  content: string;
  toolCalls: ToolCall[];
  toolsOffered?: ToolsOffered | undefined;
  sources?: WebSource[] | undefined;
  citations?: KnowledgeCitation[] | undefined;
}): MessageChanges {
  return {
    ...(state.toolsOffered ? { toolsOffered: state.toolsOffered } : {}),
    ...(state.sources?.length ? { sources: state.sources } : {}),
    ...(state.citations?.length ? { citations: state.citations } : {}),
    content: isTooLong(state.content)
      ? `${cutToBytes(state.content, MAX_STORED_REPLY_BYTES)}\n\n${REPLY_TRUNCATED_NOTE}`
      : state.content,
    toolCalls: boundedToolCalls(state.toolCalls),
  };
}
