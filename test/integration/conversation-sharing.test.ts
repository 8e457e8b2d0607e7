import { type AuditRecord, auditPageSchema, conversationSchema, TEAM_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Api } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type Person, teamHelpers } from '../support/teams.js';

/**
 * Team conversations stay private to their author unless shared with the team, read-only
 * (docs/decisions/teams.md, Teams): the author shares with one of their teams and stops; a current
 * member reads the conversation, its messages and files; every write stays the author's (404);
 * outsiders, removed members, and everyone once the author left, get 404; both changes are audited.
 */
const APP = 'http://localhost:5173';
const conversationListSchema = z.array(conversationSchema);
const METADATA = { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' };

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
});

let helpers: ReturnType<typeof teamHelpers>;
const person = (label: string) => helpers.person(label);
const createTeam = async (owner: Person, name: string) => (await helpers.createTeam(owner, name)).teamId;
const join = async (member: Person, teamId: string, admin: Person) => {
  await helpers.join(member, teamId, admin);
};

async function conversation(author: Person, title: string): Promise<string> {
  const now = Date.now();
  const created = await author.api.post('/conversations', {
    title,
    name: title,
    createdAt: now,
    updatedAt: now,
    metadata: METADATA,
    settings: { systemPrompt: 'The author’s private prompt' },
    messages: [
      { id: 'm1', conversationId: 'new', role: 'user', content: 'What is our launch plan?', timestamp: now },
      { id: 'm2', conversationId: 'new', role: 'assistant', content: 'Ship on Monday.', timestamp: now + 1 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return conversationSchema.parse(created.body).id;
}

const share = (author: Person, id: string, teamId: string | null) =>
  author.api.put(`/conversations/${id}`, {
    metadata: METADATA,
    updatedAt: Date.now(),
    sharedWithTeamId: teamId,
  });

/** Every read a team member has of a shared conversation, answering `status`. */
async function expectReads(reader: Person, id: string, status: number) {
  expect((await reader.api.get(`/conversations/${id}`)).status).toBe(status);
  expect((await reader.api.get(`/conversations/${id}/messages`)).status).toBe(status);
}

async function records(api: Api, query: string): Promise<AuditRecord[]> {
  const { status, body } = await api.get(`/audit?${query}&limit=100`);
  expect(status, JSON.stringify(body)).toBe(200);
  return auditPageSchema.parse(body).records;
}

describe('conversations shared with a team, read-only', () => {
  it('the author shares; a member reads it only; outsiders, removed members and unsharing end access', async () => {
    const author = await person('share-author');
    const member = await person('share-member');
    const removed = await person('share-removed');
    const outsider = await person('share-outsider');
    const teamId = await createTeam(author, 'Launch crew');
    const otherTeam = await createTeam(outsider, 'Elsewhere');
    await join(member, teamId, author);
    await join(removed, teamId, author);

    const id = await conversation(author, 'Launch plan');
    // Private until shared: even team members get 404.
    await expectReads(member, id, 404);

    // Only a team the author belongs to; only the author's own conversation.
    const notMine = await share(author, id, otherTeam);
    expect(notMine.status).toBe(404);
    expect(JSON.stringify(notMine.body)).toContain(TEAM_MESSAGES.shareTeamNotFound);
    expect((await share(member, id, teamId)).status).toBe(404);
    expect((await author.api.put(`/conversations/${id}`, { sharedWithTeamId: 'x'.repeat(65) })).status).toBe(
      400,
    );

    const shared = await share(author, id, teamId);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(conversationSchema.parse(shared.body)).toMatchObject({ sharedWithTeamId: teamId });
    // The author's own view carries no reader's note.
    expect(
      conversationSchema.parse((await author.api.get(`/conversations/${id}`)).body).sharedView,
    ).toBeUndefined();

    // A member reads the conversation and its messages, with who shared it; never the author's settings.
    const read = await member.api.get(`/conversations/${id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const seen = conversationSchema.parse(read.body);
    expect(seen.sharedView).toEqual({ teamId, teamName: 'Launch crew', authorEmail: author.email });
    expect(seen.messages.map((m) => m.content)).toEqual(['What is our launch plan?', 'Ship on Monday.']);
    expect(JSON.stringify(read.body)).not.toContain('private prompt');
    const page = await member.api.get(`/conversations/${id}/messages?limit=1`);
    expect(page.status).toBe(200);
    expect((page.body.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'What is our launch plan?',
    ]);

    // The team's list (members only); the member's own list does not take it in.
    const listed = await member.api.get(`/conversations?teamId=${teamId}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(conversationListSchema.parse(listed.body).map((c) => [c.id, c.sharedView?.authorEmail])).toEqual([
      [id, author.email],
    ]);
    expect(conversationListSchema.parse((await member.api.get('/conversations')).body)).toEqual([]);
    expect((await outsider.api.get(`/conversations?teamId=${teamId}`)).status).toBe(404);
    expect((await member.api.get(`/conversations?teamId=${teamId}&other=1`)).status).toBe(400);

    // A file of the conversation: the member reads it too, but cannot add one.
    const bytes = new TextEncoder().encode('plan');
    const upload = await author.api.post(`/conversations/${id}/attachments`, {
      fileName: 'plan.txt',
      contentType: 'text/plain',
      size: bytes.length,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const { attachmentId, uploadUrl, headers } = upload.body as {
      attachmentId: string;
      uploadUrl: string;
      headers: Record<string, string>;
    };
    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: bytes })).status).toBe(200);
    const file = await member.api.get(`/conversations/${id}/attachments/${attachmentId}?redirect=false`);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(await (await fetch(file.body.url as string)).text()).toBe('plan');
    expect(
      (await outsider.api.get(`/conversations/${id}/attachments/${attachmentId}?redirect=false`)).status,
    ).toBe(404);

    // Every write stays the author's: 404 for the member.
    const messageId = seen.messages[0]?.id ?? '';
    const writes = [
      member.api.post('/messages', {
        conversationId: id,
        content: 'intrusion',
        role: 'user',
        provider: METADATA.defaultProvider,
        model: METADATA.defaultModel,
      }),
      member.api.put(`/conversations/${id}`, {
        metadata: METADATA,
        updatedAt: Date.now(),
        title: 'Mine now',
      }),
      member.api.put(`/conversations/${id}`, { metadata: METADATA, updatedAt: Date.now(), pinned: true }),
      share(member, id, null),
      member.api.del(`/conversations/${id}`),
      member.api.post(`/conversations/${id}/attachments`, {
        fileName: 'x.txt',
        contentType: 'text/plain',
        size: 1,
      }),
      member.api.post(`/conversations/${id}/messages/${messageId}/stop`, {}),
      member.api.get(`/conversations/${id}/plans`),
    ];
    for (const write of await Promise.all(writes)) expect(write.status, JSON.stringify(write.body)).toBe(404);
    const stream = await fetch(
      `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({
        conversationId: id,
        provider: METADATA.defaultProvider,
        model: METADATA.defaultModel,
        triggerContent: 'intrusion',
      })}`,
      { headers: { Authorization: `Bearer ${member.idToken}` } },
    );
    expect(stream.status).toBe(404);
    await stream.body?.cancel();
    const after = conversationSchema.parse((await author.api.get(`/conversations/${id}`)).body);
    expect(after.title).toBe('Launch plan');
    expect(after.pinnedAt).toBeUndefined();
    expect(after.messages).toHaveLength(2);

    // An outsider: 404, as for any conversation of another person's.
    await expectReads(outsider, id, 404);

    // A removed member loses it at once.
    await expectReads(removed, id, 200);
    const removal = await author.api.del(`/teams/${teamId}/members/${removed.userId}`);
    expect(removal.status, JSON.stringify(removal.body)).toBe(204);
    await expectReads(removed, id, 404);
    expect((await removed.api.get(`/conversations?teamId=${teamId}`)).status).toBe(404);

    // Unsharing ends the member's access at once, and the team's list empties.
    const unshared = await share(author, id, null);
    expect(unshared.status, JSON.stringify(unshared.body)).toBe(200);
    expect(conversationSchema.parse(unshared.body).sharedWithTeamId).toBeUndefined();
    await expectReads(member, id, 404);
    expect(
      conversationListSchema.parse((await member.api.get(`/conversations?teamId=${teamId}`)).body),
    ).toEqual([]);

    // Audit: both in the team's chain and the author's own log; a refused share in the author's only.
    const teamActions = (await records(author.api, `teamId=${teamId}`))
      .filter((r) => r.target === `conversation:${id}`)
      .map((r) => [r.action, r.outcome, r.actor]);
    expect(teamActions).toEqual([
      ['conversation.unshared', 'success', author.userId],
      ['conversation.shared', 'success', author.userId],
    ]);
    const own = (await records(author.api, 'action=conversation.shared')).map((r) => [r.outcome, r.details]);
    expect(own).toEqual(
      expect.arrayContaining([
        ['success', { teamId }],
        ['failure', { error: 'NotFoundError' }],
      ]),
    );
    expect((await records(author.api, 'action=conversation.unshared')).map((r) => r.outcome)).toContain(
      'success',
    );
    const elsewhere = await records(outsider.api, `teamId=${otherTeam}`);
    expect(elsewhere.some((r) => r.action.startsWith('conversation.'))).toBe(false);
  });

  it('stops being readable when its author leaves the team', async () => {
    const owner = await person('share-owner');
    const author = await person('share-leaver');
    const reader = await person('share-reader');
    const teamId = await createTeam(owner, 'Readers');
    await join(author, teamId, owner);
    await join(reader, teamId, owner);
    const id = await conversation(author, 'Notes');
    expect((await share(author, id, teamId)).status).toBe(200);
    await expectReads(reader, id, 200);

    expect((await author.api.del(`/teams/${teamId}/members/${author.userId}`)).status).toBe(204);
    await expectReads(reader, id, 404);
    expect(
      conversationListSchema.parse((await reader.api.get(`/conversations?teamId=${teamId}`)).body),
    ).toEqual([]);
    // The author keeps their conversation, and can no longer share with that team.
    expect((await author.api.get(`/conversations/${id}`)).status).toBe(200);
    expect((await share(author, id, teamId)).status).toBe(404);
  });

  it('imports a tree whole, exports every branch with its parents, and shares the branch shown only', async () => {
    const author = await person('branch-author');
    const member = await person('branch-member');
    const teamId = await createTeam(author, 'Branch crew');
    await join(member, teamId, author);
    const now = Date.now();
    // A JSON export of a conversation with two alternative replies (its ids are the original's).
    const imported = await author.api.post('/conversations', {
      title: 'Branched (imported)',
      name: 'Branched (imported)',
      createdAt: now,
      updatedAt: now,
      metadata: METADATA,
      messages: [
        { id: 'x1', conversationId: 'old', role: 'user', content: 'Q', timestamp: now, parentId: null },
        {
          id: 'x2',
          conversationId: 'old',
          role: 'assistant',
          content: 'A',
          timestamp: now + 1,
          parentId: 'x1',
        },
        {
          id: 'x3',
          conversationId: 'old',
          role: 'assistant',
          content: 'B',
          timestamp: now + 2,
          parentId: 'x1',
        },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const id = conversationSchema.parse(imported.body).id;
    type Read = { id: string; content: string; parentId: string | null; siblingIds?: string[] };
    const read = async (reader: Person, query = '') =>
      (
        (await reader.api.get(`/conversations/${id}/messages?order=oldest${query}`)).body.messages as Read[]
      ).map(({ content, parentId, siblingIds }) => ({
        content,
        parent: parentId,
        alternatives: siblingIds?.length,
      }));
    const all = (await author.api.get(`/conversations/${id}/messages?branches=all`)).body.messages as Read[];
    const [q, a, b] = all;
    expect(all.map((m) => [m.content, m.parentId])).toEqual([
      ['Q', null],
      ['A', q?.id],
      ['B', q?.id],
    ]);
    expect(await read(author)).toEqual([
      { content: 'Q', parent: null, alternatives: undefined },
      { content: 'B', parent: q?.id, alternatives: 2 },
    ]);

    // The author shows A and shares: the member reads A's branch, and only it (all branches too).
    expect((await author.api.put(`/conversations/${id}/branch`, { messageId: a?.id })).status).toBe(204);
    expect((await share(author, id, teamId)).status).toBe(200);
    expect((await read(member)).map((m) => m.content)).toEqual(['Q', 'A']);
    expect((await read(member, '&branches=all')).map((m) => m.content)).toEqual(['Q', 'A']);
    const shared = conversationSchema.parse((await member.api.get(`/conversations/${id}`)).body);
    expect(shared.messages.map((m) => m.content)).toEqual(['Q', 'A']);
    expect(JSON.stringify(shared)).not.toContain(b?.id);
    // A member cannot switch it.
    expect((await member.api.put(`/conversations/${id}/branch`, { messageId: b?.id })).status).toBe(404);
  });
});
