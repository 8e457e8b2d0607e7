import type { StreamEvent } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryMessages } from '../../testing/in-memory-conversations.js';
import type { MessageRecord } from '../conversations/message.js';
import { REPLY_TOO_SLOW_MESSAGE, type ReplyRun, runReply, withReplyDeadline } from './reply-run.js';
import type { ToolLoopState } from './tool-loop.js';

const reply: MessageRecord = {
  conversationId: 'c1',
  messageId: 'm1',
  userId: 'alice',
  role: 'assistant',
  content: '',
  status: 'streaming',
  timestamp: 1,
};

function setup(generate: ReplyRun['generate']) {
  const messages = inMemoryMessages();
  const usage: unknown[] = [];
  const events: StreamEvent[] = [];
  const run: ReplyRun = {
    caller: { userId: 'alice', email: 'a@example.com' },
    reply,
    persisted: messages.create(reply),
    emit: (event) => events.push(event),
    provider: 'anthropic',
    model: 'm',
    generate,
  };
  const deps = { messages, usage: { recordTokens: async (...args: unknown[]) => void usage.push(args) } };
  return { messages, usage, events, run: () => runReply(deps, run) };
}

const partial: ToolLoopState = {
  content: 'So far',
  toolCalls: [],
  usage: { inputTokens: 12, outputTokens: 3 },
};

/** Reports some progress, then waits until aborted and rejects as an aborted model call does. */
const slowGeneration: ReplyRun['generate'] = async (signal, onProgress) => {
  onProgress(partial);
  await new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted by the signal'))),
  );
  throw new Error('unreachable');
};

describe('the stream deadline', () => {
  it('stops a reply still generating, saves what it had with the error, and says why', async () => {
    const { messages, usage, events, run } = setup(slowGeneration);
    const deadline = new AbortController();
    const running = withReplyDeadline(deadline.signal, run);
    await new Promise((resolve) => setTimeout(resolve, 10));
    deadline.abort();
    expect(await running).toMatchObject({ kind: 'error' });
    expect(events.at(-1)).toEqual({ type: 'error', message: REPLY_TOO_SLOW_MESSAGE });
    expect(await messages.get('c1', 'm1')).toMatchObject({
      content: `So far\n\n**Error:** ${REPLY_TOO_SLOW_MESSAGE}`,
      status: 'error',
      isError: true,
    });
    // The tokens used so far are still booked.
    expect(usage).toEqual([['alice', 1, { inputTokens: 12, outputTokens: 3 }]]);
  });

  it('leaves a reply that finished in time alone', async () => {
    const { events, run } = setup(async () => ({ state: partial }));
    const deadline = new AbortController();
    expect(await withReplyDeadline(deadline.signal, run)).toEqual({ kind: 'complete' });
    deadline.abort();
    expect(events.at(-1)).toMatchObject({ type: 'end', status: 'completed' });
  });

  it('does not apply outside a stream run under a deadline', async () => {
    const { run } = setup(async (signal) => {
      expect(signal.aborted).toBe(false);
      return { state: partial };
    });
    expect(await run()).toEqual({ kind: 'complete' });
  });
});
