import { CHAT_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { toMessage } from '../conversations/conversation-messages.js';
import type { MessageRecord } from '../conversations/message.js';
import { newReplyLease, REPLY_LEASE_MS } from './reply-lease.js';
import { runReply } from './reply-run.js';

const NOW = 1_000_000;
const streaming = (changes: Partial<MessageRecord> = {}): MessageRecord => ({
  conversationId: 'c1',
  messageId: 'm1',
  userId: 'alice',
  role: 'assistant',
  content: 'The answer is',
  status: 'streaming',
  timestamp: NOW - 5_000,
  ...newReplyLease('m1', NOW - 5_000),
  ...changes,
});

describe('a reply read while its lease runs', () => {
  it('is loading while its writer holds the lease', () => {
    expect(toMessage(streaming(), NOW)).toMatchObject({ isLoading: true, content: 'The answer is' });
  });

  it('reads as interrupted once the lease ran out: the saved text, the marker, an error, no lease fields', () => {
    const message = toMessage(
      streaming({
        leaseExpiresAt: NOW - 1,
        toolCalls: [{ id: 't1', name: 'search', status: 'calling', input: {} }],
      }),
      NOW,
    );
    expect(message).toMatchObject({
      isLoading: false,
      isError: true,
      content: `The answer is\n\n${CHAT_MESSAGES.replyInterrupted}`,
      toolCalls: [{ id: 't1', status: 'error', error: CHAT_MESSAGES.replyInterrupted }],
    });
    expect(message).not.toHaveProperty('leaseExpiresAt');
    expect(message).not.toHaveProperty('reservations');
  });

  it('reads a reply from before leases as interrupted once far past any stream’s time limit', () => {
    const { leaseExpiresAt: _e, leaseShard: _s, reservations: _r, ...unleased } = streaming();
    expect(toMessage(unleased, NOW)).toMatchObject({ isLoading: true });
    expect(toMessage({ ...unleased, timestamp: NOW - 17 * 60_000 }, NOW)).toMatchObject({
      isLoading: false,
      content: `The answer is\n\n${CHAT_MESSAGES.replyInterrupted}`,
    });
  });
});

describe('the writer', () => {
  it('renews the lease while the model has sent nothing yet, and ends it with the last write', async () => {
    const messages = inMemoryMessages();
    const reply = streaming({ content: '', ...newReplyLease('m1', Date.now()) });
    const created = reply.leaseExpiresAt ?? 0;
    let renewed = 0;
    await runReply(
      { messages, usage: { recordTokens: async () => undefined } },
      {
        caller: { userId: 'alice', email: 'a@example.com' },
        reply,
        persisted: messages.create(reply),
        emit: () => undefined,
        provider: 'anthropic',
        model: 'm',
        generate: async () => {
          // A model thinking for 2.5 s: no progress reported.
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          renewed = (await messages.get('c1', 'm1'))?.leaseExpiresAt ?? 0;
          return { state: { content: 'Done', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 } } };
        },
      },
    );
    expect(renewed).toBeGreaterThan(created + 1_000);
    expect(renewed).toBeLessThanOrEqual(Date.now() + REPLY_LEASE_MS);
    const finished = await messages.get('c1', 'm1');
    expect(finished).toMatchObject({ status: 'complete', content: 'Done' });
    expect(finished).not.toHaveProperty('leaseExpiresAt');
  });
});
