import { describe, expect, it } from 'vitest';
import type { ConversationRecord } from './conversation.js';
import { serverChanges, toConversation } from './conversation-service.js';

const record: ConversationRecord = {
  userId: 'u1',
  conversationId: 'c1',
  name: 'Chat',
  title: 'Chat',
  metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-haiku-4-5' },
  createdAt: 1,
  updatedAt: 2,
};

describe("a conversation's servers", () => {
  it('reads a record written with one mcpServerId as a list of one, and returns only mcpServerIds', () => {
    const read = toConversation({ ...record, mcpServerId: 'srv-1' });
    expect(read.mcpServerIds).toEqual(['srv-1']);
    expect(read).not.toHaveProperty('mcpServerId');
  });

  it('prefers the list once written, in its order, and has none without either', () => {
    expect(toConversation({ ...record, mcpServerIds: ['b', 'a'] }).mcpServerIds).toEqual(['b', 'a']);
    expect(toConversation(record)).not.toHaveProperty('mcpServerIds');
  });

  it('writes the list and removes the older single server; none removes the list too', () => {
    expect(serverChanges(['a', 'b'])).toEqual({ mcpServerIds: ['a', 'b'], mcpServerId: null });
    expect(serverChanges([])).toEqual({ mcpServerIds: null, mcpServerId: null });
    expect(serverChanges(null)).toEqual({ mcpServerIds: null, mcpServerId: null });
  });
});
