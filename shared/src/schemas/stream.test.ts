import { describe, expect, it } from 'vitest';
import { MAX_TRIGGER_CONTENT_LENGTH, type StreamEvent, streamEventSchema, streamQuerySchema } from './stream';
import { decodeStreamFrame, encodeStreamEvent, SSE_PING_FRAME, splitSseFrames } from './stream-sse';

const end = {
  type: 'end',
  status: 'completed',
  messageId: 'm1',
  provider: 'anthropic',
  model: 'claude-3-haiku-20240307',
  timestamp: 1_700_000_000_000,
  toolCallsCount: 2,
} satisfies StreamEvent;

describe('streamEventSchema', () => {
  it.each([
    { type: 'message_delta', chunk: 'Hel' },
    { type: 'status', status: 'complete', messageId: 'm1' },
    { type: 'status', status: 'streaming' },
    end,
    { type: 'error', message: 'Unknown backend stream error' },
    { type: 'tool_call', toolCallId: 't1', name: 'echo', input: { message: 'hi' } },
    { type: 'tool_use_received', toolCallId: 't1', name: 'echo', input: {} },
    { type: 'tool_result', toolCallId: 't1', name: 'echo', result: 'hi' },
    { type: 'tool_execution_success', toolCallId: 't1', name: 'echo', result: { content: [] } },
    { type: 'tool_error', toolCallId: 't1', name: 'echo', error: 'boom' },
    { type: 'tool_execution_error', toolCallId: 't1', name: 'echo', error: 'boom' },
    { type: 'api_call_started', provider: 'openai', model: 'gpt-4o', iteration: 1 },
    { type: 'api_call_completed', provider: 'openai', model: 'gpt-4o', outputTokens: 12 },
  ])('parses a $type event', (event) => {
    expect(streamEventSchema.parse(event)).toEqual(event);
  });

  it('rejects an end event that is missing its metadata', () => {
    const { messageId: _dropped, ...incomplete } = end;
    expect(streamEventSchema.safeParse(incomplete).success).toBe(false);
  });

  it('rejects an end event whose status is not completed', () => {
    expect(streamEventSchema.safeParse({ ...end, status: 'stopped' }).success).toBe(false);
  });

  it('rejects unknown event types', () => {
    expect(streamEventSchema.safeParse({ type: 'telemetry', chunk: 'x' }).success).toBe(false);
  });
});

describe('streamQuerySchema', () => {
  it('requires the conversation, provider and model and leaves the rest optional', () => {
    expect(
      streamQuerySchema.safeParse({ conversationId: 'c1', provider: 'anthropic', model: 'm' }).success,
    ).toBe(true);
    expect(streamQuerySchema.safeParse({ conversationId: 'c1', provider: 'anthropic' }).success).toBe(false);
  });
});

describe('SSE framing', () => {
  it('decodes what it encodes, across chunk boundaries, ignoring pings', () => {
    const text =
      encodeStreamEvent({ type: 'message_delta', chunk: 'a\nb' }) + SSE_PING_FRAME + encodeStreamEvent(end);
    const first = splitSseFrames(text.slice(0, 20));
    expect(first.frames).toEqual([]);
    const { frames, rest } = splitSseFrames(text);
    expect(rest).toBe('');
    expect(frames.map(decodeStreamFrame)).toEqual([{ type: 'message_delta', chunk: 'a\nb' }, null, end]);
  });

  it('throws on data that is not a stream event', () => {
    expect(() => decodeStreamFrame('data: {"type":"nope"}')).toThrow();
  });
});

describe('streamQuerySchema: no long text in the URL', () => {
  const ids = { conversationId: 'c1', provider: 'anthropic', model: 'm' };
  it('takes a short triggerContent (the spec’s), and refuses one too long for CloudFront and the WAF', () => {
    expect(streamQuerySchema.safeParse({ ...ids, triggerContent: 'Hi' }).success).toBe(true);
    const long = streamQuerySchema.safeParse({
      ...ids,
      triggerContent: 'a'.repeat(MAX_TRIGGER_CONTENT_LENGTH + 1),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toMatch(/POST \/messages/);
  });
});
