import { type StreamEvent, streamEventSchema } from './stream';

/** Sent every STREAM_PING_INTERVAL_MS; SSE comments are ignored by readers. */
export const SSE_PING_FRAME = ': ping\n\n';

/** One SSE frame: the event name line, then the whole event as JSON; frames end with a blank line. */
export function encodeStreamEvent(event: StreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Splits buffered stream text into complete frames and the unfinished rest. */
export function splitSseFrames(buffer: string): { frames: string[]; rest: string } {
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  return { frames: parts.filter((frame) => frame.trim() !== ''), rest };
}

/**
 * The event of one frame; null for comment-only frames (pings). Throws when the data is not a
 * valid stream event: the reader reports STREAM_ERROR_MESSAGES.invalidDataFormat.
 */
export function decodeStreamFrame(frame: string): StreamEvent | null {
  const data = frame
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (!data) return null;
  return streamEventSchema.parse(JSON.parse(data));
}
