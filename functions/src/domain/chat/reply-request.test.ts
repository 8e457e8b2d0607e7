import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../conversations/message.js';
import { replyRequest, toModelMessages } from './reply-request.js';

let next = 0;
const message = (
  fields: Partial<MessageRecord> & Pick<MessageRecord, 'role' | 'content'>,
): MessageRecord => ({
  conversationId: 'c1',
  messageId: String(++next).padStart(4, '0'),
  userId: 'u1',
  status: 'complete',
  timestamp: Date.now(),
  ...fields,
});

describe("a reply's model request", () => {
  it('leaves out errors, empty replies and replies whose writer died; keeps a reply still being written', async () => {
    const history = [
      message({ role: 'user', content: 'First' }),
      message({ role: 'assistant', content: '**Error:** rejected', isError: true, status: 'error' }),
      message({ role: 'assistant', content: '  ' }),
      message({ role: 'assistant', content: 'cut off', status: 'streaming', leaseExpiresAt: Date.now() - 1 }),
      message({
        role: 'assistant',
        content: 'still going',
        status: 'streaming',
        leaseExpiresAt: Date.now() + 60_000,
      }),
      message({ role: 'user', content: 'Second' }),
    ];
    expect(await toModelMessages(history, undefined)).toEqual([
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'still going' },
      { role: 'user', content: 'Second' },
    ]);
  });

  it('caps the output at 4096 tokens unless the conversation sets its own, and sends a temperature only when set', () => {
    const messages = [{ role: 'user' as const, content: 'Hi' }];
    expect(replyRequest('m', {}, messages, undefined)).toEqual({
      model: 'm',
      messages,
      maxOutputTokens: 4096,
    });
    expect(replyRequest('m', { maxOutputTokens: 100, temperature: 0 }, messages, 'Be brief')).toEqual({
      model: 'm',
      system: 'Be brief',
      messages,
      maxOutputTokens: 100,
      temperature: 0,
    });
  });
});
