import type { Message } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { appendChunk, applyToolEvent, completeMessage, markStopped, markStreamError } from './stream-message';

const reply: Message = {
  id: 'temp-assistant-1',
  conversationId: 'c1',
  role: 'assistant',
  content: '',
  isLoading: true,
  timestamp: 1,
};

describe('the streamed reply', () => {
  it('appends chunks, then takes the id, provider and model of the end event', () => {
    const streamed = appendChunk(appendChunk(reply, 'Hel'), 'lo');
    expect(
      completeMessage(streamed, {
        status: 'completed',
        messageId: 'm-1',
        provider: 'openai',
        model: 'gpt-4o-mini',
        timestamp: 5,
      }),
    ).toMatchObject({
      id: 'm-1',
      content: 'Hello',
      provider: 'openai',
      model: 'gpt-4o-mini',
      isLoading: false,
    });
  });

  it("appends '**Error:** {message}' and marks the message as an error", () => {
    expect(markStreamError(appendChunk(reply, 'Half'), 'Model not found')).toMatchObject({
      content: 'Half\n\n**Error:** Model not found',
      isError: true,
      isLoading: false,
    });
    expect(markStreamError(reply, 'x').content).toBe('**Error:** x');
  });

  it("marks a stopped reply with '[Streaming stopped]', as the server saves it", () => {
    expect(markStopped(appendChunk(reply, 'w1 w2')).content).toBe('w1 w2\n\n[Streaming stopped]');
    expect(markStopped(reply).content).toBe('[Streaming stopped]');
  });

  it('ends a tool call still running when the reply is stopped, as the server saves it', () => {
    const running: Message = {
      ...reply,
      toolCalls: [
        { id: 't1', name: 'index', status: 'calling', progress: { progress: 1, total: 4 } },
        { id: 't0', name: 'echo', status: 'success', result: 'ok' },
      ],
    };
    expect(markStopped(running).toolCalls).toEqual([
      {
        id: 't1',
        name: 'index',
        status: 'error',
        error: 'Error executing tool index: Stopped before it finished.',
        progress: undefined,
      },
      { id: 't0', name: 'echo', status: 'success', result: 'ok' },
    ]);
  });

  it('tracks a tool call from its request to its result or error', () => {
    const calling = applyToolEvent(
      reply,
      { type: 'tool_call', toolCallId: 't1', name: 'search', input: { q: 'x' } },
      9,
    );
    expect(calling.toolCalls).toEqual([
      { id: 't1', name: 'search', status: 'calling', input: { q: 'x' }, timestamp: 9 },
    ]);
    const done = applyToolEvent(calling, {
      type: 'tool_result',
      toolCallId: 't1',
      name: 'search',
      result: 'found',
    });
    expect(done.toolCalls?.[0]).toMatchObject({ status: 'success', input: { q: 'x' }, result: 'found' });
    const failed = applyToolEvent(calling, {
      type: 'tool_error',
      toolCallId: 't1',
      name: 'search',
      error: 'boom',
    });
    expect(failed.toolCalls?.[0]).toMatchObject({ status: 'error', error: 'boom' });
  });

  it('keeps the server a streamed call runs on, through its result', () => {
    const calling = applyToolEvent(
      reply,
      {
        type: 'tool_use_received',
        toolCallId: 't1',
        name: 'beta_tools__echo',
        input: {},
        serverId: 's2',
        serverName: 'Beta Tools',
      },
      10,
    );
    const done = applyToolEvent(calling, {
      type: 'tool_execution_success',
      toolCallId: 't1',
      name: 'beta_tools__echo',
      result: 'ok',
    });
    expect(done.toolCalls?.[0]).toMatchObject({
      serverId: 's2',
      serverName: 'Beta Tools',
      status: 'success',
    });
  });

  it("shows a long call's progress on it, keeping when it started, until its result", () => {
    const calling = applyToolEvent(
      reply,
      { type: 'tool_call', toolCallId: 't1', name: 'index', input: { q: 'x' } },
      9,
    );
    const progressed = applyToolEvent(
      calling,
      {
        type: 'tool_call',
        toolCallId: 't1',
        name: 'index',
        input: { q: 'x' },
        progress: { progress: 2, total: 5 },
      },
      20,
    );
    expect(progressed.toolCalls).toEqual([
      {
        id: 't1',
        name: 'index',
        status: 'calling',
        input: { q: 'x' },
        timestamp: 9,
        progress: { progress: 2, total: 5 },
      },
    ]);
    const done = applyToolEvent(progressed, {
      type: 'tool_result',
      toolCallId: 't1',
      name: 'index',
      result: 'ok',
    });
    expect(done.toolCalls?.[0]?.progress).toBeUndefined();
  });
});
