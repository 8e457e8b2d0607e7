import {
  decodeStreamFrame,
  STREAM_ERROR_MESSAGES,
  STREAM_EVENT_TYPES,
  type StreamEvent,
} from '@agentforge/shared';

/** What one SSE frame of the reply stream amounts to. */
export type FrameResult =
  | { kind: 'event'; event: StreamEvent }
  /** A comment (`: ping`) or an event type this client does not know yet. */
  | { kind: 'skip' }
  | { kind: 'invalid'; message: string };

const KNOWN_TYPES: readonly string[] = STREAM_EVENT_TYPES;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const filled = (value: unknown) => typeof value === 'string' && value !== '';

/** The JSON of a frame's data lines; undefined when there is none or it is not JSON. */
function payloadOf(frame: string): unknown {
  const data = frame
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Why a frame the shared schema rejected is wrong, in the words of spec 8 "Stream errors". */
function classifyRejected(frame: string): FrameResult {
  const payload = payloadOf(frame);
  if (!isRecord(payload) || typeof payload.type !== 'string') {
    return { kind: 'invalid', message: STREAM_ERROR_MESSAGES.invalidDataFormat };
  }
  if (!KNOWN_TYPES.includes(payload.type)) return { kind: 'skip' };
  if (payload.type === 'end') {
    const complete =
      filled(payload.messageId) &&
      filled(payload.model) &&
      filled(payload.provider) &&
      typeof payload.timestamp === 'number';
    if (!complete) return { kind: 'invalid', message: STREAM_ERROR_MESSAGES.endMissingMetadata };
    if (payload.status !== 'completed') {
      return { kind: 'invalid', message: STREAM_ERROR_MESSAGES.unexpectedStatus(String(payload.status)) };
    }
  }
  return { kind: 'invalid', message: STREAM_ERROR_MESSAGES.invalidDataFormat };
}

/**
 * Reads one frame: a valid event, a frame to skip (pings; unknown event types, so a newer server
 * does not break an open page), or what is wrong with it ('end' without its metadata, bad data).
 */
export function readStreamFrame(frame: string): FrameResult {
  try {
    const event = decodeStreamFrame(frame);
    return event ? { kind: 'event', event } : { kind: 'skip' };
  } catch {
    return classifyRejected(frame);
  }
}
