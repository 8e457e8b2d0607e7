import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import { createConversationSharing } from './conversation-sharing.js';

const author: Caller = { userId: 'author', email: 'author@example.com' };
const reader: Caller = { userId: 'reader', email: 'reader@example.com' };

/** Team T with the author and the reader; "my teams" follows the members. */
function setUp() {
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const members = new Map<string, Set<string>>([
    ['T', new Set(['author', 'reader'])],
    ['U', new Set()],
  ]);
  const sharing = createConversationSharing({
    conversations,
    messages,
    now: () => 42,
    teams: {
      teamIdsOf: async (userId) => [...members].filter(([, ids]) => ids.has(userId)).map(([id]) => id),
      member: async (teamId, userId) =>
        members.get(teamId)?.has(userId) ? { email: `${userId}@example.com` } : undefined,
      teamName: async (teamId) => (members.has(teamId) ? `Team ${teamId}` : undefined),
    },
  });
  void conversations.create({
    userId: 'author',
    conversationId: 'c1',
    name: 'Plan',
    title: 'Plan',
    metadata: { defaultProvider: 'p', defaultModel: 'm' },
    settings: { systemPrompt: 'secret prompt' },
    mcpServerId: 'srv',
    createdAt: 1,
    updatedAt: 1,
  });
  void messages.create({
    conversationId: 'c1',
    messageId: 'm1',
    userId: 'author',
    role: 'user',
    content: 'hello',
    status: 'complete',
    timestamp: 1,
  });
  return { sharing, members, conversations };
}

describe('conversation sharing', () => {
  it('is private until shared; a member then reads it without the author’s settings', async () => {
    const { sharing } = setUp();
    await expect(sharing.get(reader, 'c1')).rejects.toBeInstanceOf(NotFoundError);
    expect(await sharing.setTeam(author, 'c1', 'T')).toEqual({ previous: undefined, current: 'T' });
    const read = await sharing.get(reader, 'c1');
    expect(read.sharedView).toEqual({ teamId: 'T', teamName: 'Team T', authorEmail: 'author@example.com' });
    expect(read.messages.map((m) => m.content)).toEqual(['hello']);
    expect(read).not.toHaveProperty('settings');
    expect(read).not.toHaveProperty('mcpServerId');
    expect((await sharing.get(author, 'c1')).sharedView).toBeUndefined();
    expect((await sharing.listShared(reader, 'T')).map((c) => c.id)).toEqual(['c1']);
  });

  it('only the author shares, only with a team of theirs; unsharing ends access', async () => {
    const { sharing } = setUp();
    await expect(sharing.setTeam(reader, 'c1', 'T')).rejects.toBeInstanceOf(NotFoundError);
    await expect(sharing.setTeam(author, 'c1', 'U')).rejects.toThrow(TEAM_MESSAGES.shareTeamNotFound);
    await sharing.setTeam(author, 'c1', 'T');
    expect(await sharing.setTeam(author, 'c1', null)).toEqual({ previous: 'T', current: undefined });
    await expect(sharing.listMessages(reader, 'c1', { limit: 10 })).rejects.toBeInstanceOf(NotFoundError);
    expect(await sharing.listShared(reader, 'T')).toEqual([]);
  });

  it('a removed member, an outsider, and everyone once the author left, get 404', async () => {
    const { sharing, members } = setUp();
    await sharing.setTeam(author, 'c1', 'T');
    await expect(sharing.listShared({ userId: 'outsider', email: 'o@example.com' }, 'T')).rejects.toThrow(
      TEAM_MESSAGES.notFound,
    );
    await expect(sharing.get({ userId: 'outsider', email: 'o@example.com' }, 'c1')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    members.get('T')?.delete('author');
    await expect(sharing.get(reader, 'c1')).rejects.toBeInstanceOf(NotFoundError);
    expect(await sharing.listShared(reader, 'T')).toEqual([]);
    members.get('T')?.add('author');
    members.get('T')?.delete('reader');
    await expect(sharing.get(reader, 'c1')).rejects.toBeInstanceOf(NotFoundError);
  });
});
