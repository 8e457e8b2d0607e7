import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from '../../domain/models/model-provider.js';
import { toModelEvents } from './ai-sdk-stream.js';

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 7, reasoning: undefined },
};
const finish: LanguageModelV3StreamPart = {
  type: 'finish',
  usage,
  finishReason: { unified: 'tool-calls', raw: 'tool_use' },
};

function streamOf(parts: LanguageModelV3StreamPart[], onCancel?: () => void) {
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      if (!onCancel) controller.close();
    },
    cancel: onCancel,
  });
}

async function collect(stream: ReadableStream<LanguageModelV3StreamPart>) {
  const events: ModelStreamEvent[] = [];
  for await (const event of toModelEvents(stream)) events.push(event);
  return events;
}

describe('toModelEvents', () => {
  it('yields text deltas, parsed tool calls and one finish with usage, ignoring the rest', async () => {
    const events = await collect(
      streamOf([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        { type: 'text-delta', id: '0', delta: 'Hel' },
        { type: 'text-delta', id: '0', delta: '' },
        { type: 'text-delta', id: '0', delta: 'lo' },
        { type: 'tool-input-delta', id: 't', delta: '{"a"' },
        { type: 'tool-call', toolCallId: 't', toolName: 'echo', input: '{"a":1}' },
        { type: 'tool-call', toolCallId: 'u', toolName: 'noargs', input: '' },
        finish,
      ]),
    );
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'tool-call', toolCall: { id: 't', name: 'echo', input: { a: 1 } } },
      { type: 'tool-call', toolCall: { id: 'u', name: 'noargs', input: {} } },
      { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 12, outputTokens: 7 } },
    ]);
  });

  it('throws error parts, malformed tool input and a stream without finish', async () => {
    const apiError = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    await expect(collect(streamOf([{ type: 'error', error: apiError }]))).rejects.toBe(apiError);
    await expect(
      collect(streamOf([{ type: 'tool-call', toolCallId: 't', toolName: 'echo', input: '{oops' }, finish])),
    ).rejects.toThrow("malformed input for the tool 'echo'");
    await expect(collect(streamOf([{ type: 'text-delta', id: '0', delta: 'cut' }]))).rejects.toThrow(
      'the response ended early',
    );
  });

  it('cancels the underlying stream when the consumer stops early', async () => {
    let cancelled = false;
    const events = toModelEvents(
      streamOf([{ type: 'text-delta', id: '0', delta: 'a' }], () => {
        cancelled = true;
      }),
    );
    for await (const _event of events) break;
    expect(cancelled).toBe(true);
  });
});
