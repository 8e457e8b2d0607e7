import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let alice: Api;
let bob: Api;

const newConversation = (title = 'New Conversation', at = Date.now()) => ({
  title,
  name: title,
  messages: [],
  createdAt: at,
  updatedAt: at,
  metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
});

const userMessage = (conversationId: string, content: string) => ({
  conversationId,
  content,
  role: 'user',
  provider: 'anthropic',
  model: 'claude-3-haiku-20240307',
});

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  alice = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
  bob = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
});
afterAll(() => stack?.stop());

describe('conversations and messages', () => {
  it('creates, lists newest first, reads, updates and deletes a conversation with its messages', async () => {
    const older = await alice.post('/conversations', newConversation('Older', 1_000));
    const newer = await alice.post('/conversations', {
      ...newConversation('Newer', 2_000),
      userId: 'someone-else',
    });
    expect(older.status).toBe(201);
    expect(newer.body).toMatchObject({
      title: 'Newer',
      messages: [],
      metadata: { defaultProvider: 'anthropic' },
    });
    expect(newer.body.userId).not.toBe('someone-else');
    const id = newer.body.id as string;

    const list = await alice.get('/conversations');
    expect((list.body as unknown as { id: string }[]).map((c) => c.id)).toEqual([id, older.body.id]);

    for (const content of ['one', 'two', 'three']) {
      expect((await alice.post('/messages', userMessage(id, content))).status).toBe(201);
    }
    const full = await alice.get(`/conversations/${id}`);
    expect((full.body.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'one',
      'two',
      'three',
    ]);

    const firstPage = await alice.get(`/conversations/${id}/messages?limit=2`);
    expect((firstPage.body.messages as unknown[]).length).toBe(2);
    const secondPage = await alice.get(
      `/conversations/${id}/messages?limit=2&cursor=${firstPage.body.nextCursor as string}`,
    );
    expect((secondPage.body.messages as { content: string }[]).map((m) => m.content)).toEqual(['three']);
    expect(secondPage.body.nextCursor).toBeUndefined();

    const updated = await alice.put(`/conversations/${id}`, {
      metadata: { defaultProvider: 'openai', defaultModel: 'gpt-4o-mini' },
      updatedAt: 3_000,
    });
    expect(updated.body).toMatchObject({ metadata: { defaultProvider: 'openai' }, updatedAt: 3_000 });
    const metadata = { defaultProvider: 'openai', defaultModel: 'gpt-4o-mini' };
    const attached = await alice.put(`/conversations/${id}`, {
      metadata,
      updatedAt: 4_000,
      mcpServerId: 'srv-1',
    });
    // One server as the older API sent it: kept as a list of one (several servers per chat).
    expect(attached.body.mcpServerIds).toEqual(['srv-1']);
    expect(attached.body).not.toHaveProperty('mcpServerId');
    const detached = await alice.put(`/conversations/${id}`, {
      metadata,
      updatedAt: 5_000,
      mcpServerId: null,
    });
    expect(detached.body).not.toHaveProperty('mcpServerIds');
    expect(detached.body).not.toHaveProperty('mcpServerId');

    // A rename sets the title and the name; a blank title is refused and changes nothing.
    const renamed = await alice.put(`/conversations/${id}`, {
      metadata,
      updatedAt: 6_000,
      title: '  Trip plans ',
    });
    expect(renamed.body).toMatchObject({ title: 'Trip plans', name: 'Trip plans' });
    const blank = await alice.put(`/conversations/${id}`, { metadata, updatedAt: 7_000, title: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('A conversation needs a title');
    expect((await alice.get(`/conversations/${id}`)).body).toMatchObject({
      title: 'Trip plans',
      updatedAt: 6_000,
    });

    // Pinned conversations come first in the list; unpinning puts one back in time order.
    const olderId = older.body.id as string;
    const listed = async () =>
      ((await alice.get('/conversations')).body as unknown as { id: string }[]).map((c) => c.id);
    expect(await listed()).toEqual([id, olderId]);
    const olderMetadata = { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' };
    const pinned = await alice.put(`/conversations/${olderId}`, {
      metadata: olderMetadata,
      updatedAt: 1_000,
      pinned: true,
    });
    expect(pinned.body.pinnedAt).toEqual(expect.any(Number));
    expect(await listed()).toEqual([olderId, id]);
    const unpinned = await alice.put(`/conversations/${olderId}`, {
      metadata: olderMetadata,
      updatedAt: 1_000,
      pinned: false,
    });
    expect(unpinned.body).not.toHaveProperty('pinnedAt');
    expect(await listed()).toEqual([id, olderId]);

    expect((await alice.del(`/conversations/${id}`)).status).toBe(204);
    expect((await alice.get(`/conversations/${id}`)).status).toBe(404);
    expect((await alice.get(`/conversations/${id}/messages`)).status).toBe(404);
  });
});

describe('messages newest first (a long chat opens on its last page)', () => {
  it('pages from the latest message back with order=newest, and keeps the oldest-first default', async () => {
    const { body } = await alice.post('/conversations', newConversation('Long chat'));
    const id = body.id as string;
    for (const content of ['one', 'two', 'three', 'four', 'five']) {
      expect((await alice.post('/messages', userMessage(id, content))).status).toBe(201);
    }
    const contents = (page: { body: Record<string, unknown> }) =>
      (page.body.messages as { content: string }[]).map((m) => m.content);

    const latest = await alice.get(`/conversations/${id}/messages?order=newest&limit=2`);
    expect(latest.status).toBe(200);
    expect(contents(latest)).toEqual(['five', 'four']);
    const older = await alice.get(
      `/conversations/${id}/messages?order=newest&limit=2&cursor=${latest.body.nextCursor as string}`,
    );
    expect(contents(older)).toEqual(['three', 'two']);
    const oldest = await alice.get(
      `/conversations/${id}/messages?order=newest&limit=2&cursor=${older.body.nextCursor as string}`,
    );
    expect(contents(oldest)).toEqual(['one']);
    expect(oldest.body.nextCursor).toBeUndefined();

    // No order: as before, from the first message on.
    expect(contents(await alice.get(`/conversations/${id}/messages?limit=2`))).toEqual(['one', 'two']);
    const bad = await alice.get(`/conversations/${id}/messages?order=sideways`);
    expect(bad.status).toBe(400);
    // Someone else's conversation stays unknown, in either order.
    expect((await bob.get(`/conversations/${id}/messages?order=newest`)).status).toBe(404);
  });
});

describe("another user's conversation", () => {
  it('is 404 on every conversation and message route and reveals nothing', async () => {
    const { body } = await alice.post('/conversations', newConversation('Private'));
    const id = body.id as string;
    const message = await alice.post('/messages', userMessage(id, 'secret'));

    const answers = [
      await bob.get(`/conversations/${id}`),
      await bob.put(`/conversations/${id}`, {
        metadata: { defaultProvider: 'x', defaultModel: 'y' },
        updatedAt: 1,
      }),
      await bob.del(`/conversations/${id}`),
      await bob.get(`/conversations/${id}/messages`),
      await bob.post(`/conversations/${id}/messages/${message.body.id as string}/stop`),
      await bob.post('/messages', userMessage(id, 'intrusion')),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('secret');
    }
    expect((await bob.get('/conversations')).body).toEqual([]);
    const still = await alice.get(`/conversations/${id}`);
    expect((still.body.messages as { content: string }[]).map((m) => m.content)).toEqual(['secret']);
  });
});

describe('bad input', () => {
  it('answers 400 with a clear message and stores nothing', async () => {
    const { body } = await alice.post('/conversations', newConversation());
    const id = body.id as string;

    const empty = await alice.post('/messages', userMessage(id, '   '));
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Invalid request body: content: Please enter a message.' },
    });
    const huge = await alice.post('/messages', userMessage(id, 'x'.repeat(100_001)));
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('Message is too long');
    const badRole = await alice.post('/messages', { ...userMessage(id, 'hi'), role: 'system' });
    expect(badRole.status).toBe(400);
    expect((await alice.postRaw('/messages', '{"conversationId":')).body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Request body is not valid JSON',
    });
    const noMetadata = await alice.post('/conversations', {
      ...newConversation(),
      metadata: { defaultProvider: '' },
    });
    expect(noMetadata.status).toBe(400);
    expect((await alice.get(`/conversations/${id}/messages?cursor=garbage`)).status).toBe(400);
    // Forged cursors: an extra key, an empty or non-string messageId, another conversation's key.
    const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const key of [
      { conversationId: id, messageId: 'm', extra: 1 },
      { conversationId: id, messageId: '' },
      { conversationId: id, messageId: 7 },
      { conversationId: 'other', messageId: 'm' },
      [],
    ]) {
      const page = await alice.get(`/conversations/${id}/messages?cursor=${cursorOf(key)}`);
      expect(page.status, JSON.stringify(key)).toBe(400);
      expect(page.body).toMatchObject({ message: 'Invalid cursor' });
    }
    expect((await alice.get(`/conversations/${id}/messages?limit=5000`)).status).toBe(400);

    expect((await alice.get(`/conversations/${id}`)).body.messages).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await apiAs(stack.apiUrl).get('/conversations')).status).toBe(401);
  });
});

describe('oversized input', () => {
  const big = 'x'.repeat(500_000);

  it('answers 400 for every oversized field, never 500, and stores nothing', async () => {
    const { body } = await alice.post('/conversations', newConversation());
    const count = ((await alice.get('/conversations')).body as unknown as unknown[]).length;
    const id = body.id as string;
    const attempts = [
      alice.post('/conversations', newConversation(big)),
      alice.post('/conversations', {
        ...newConversation(),
        metadata: { defaultProvider: big, defaultModel: 'm' },
      }),
      alice.post('/messages', { ...userMessage(id, 'hi'), provider: big }),
      alice.put(`/conversations/${id}`, {
        metadata: { defaultProvider: 'a', defaultModel: big },
        updatedAt: Date.now(),
      }),
      alice.post('/mcp-servers', {
        name: big,
        packageName: '@modelcontextprotocol/server-everything',
        idleTimeoutMinutes: 10,
      }),
      alice.post('/mcp-servers', {
        name: 'Env',
        packageName: '@modelcontextprotocol/server-everything',
        idleTimeoutMinutes: 10,
        environmentVariables: { BIG: 'v'.repeat(5000) },
      }),
      alice.post('/api-keys', { provider: 'custom', baseUrl: `http://example.com/${big}` }),
      alice.get(`/messages/generate-stream?conversationId=${'c'.repeat(1100)}&provider=p&model=m`),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await alice.get('/conversations')).body).toHaveLength(count);
  });

  it('bounds the messages a new conversation brings, and writes all or nothing', async () => {
    const message = (n: number) => ({
      id: `m${n}`,
      conversationId: 'x',
      content: `message ${n}`,
      role: 'user',
      timestamp: 1 + n,
    });
    const tooMany = await alice.post('/conversations', {
      ...newConversation('Too many'),
      messages: Array.from({ length: 101 }, (_, n) => message(n)),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('At most 100 messages');
    // The probe's 928 KB body of 16,000 messages: refused before anything is written.
    const huge = await alice.post('/conversations', {
      ...newConversation('Huge'),
      messages: Array.from({ length: 16_000 }, (_, n) => message(n)),
    });
    expect([400, 413]).toContain(huge.status);
    const before = ((await alice.get('/conversations')).body as unknown as unknown[]).length;

    const imported = await alice.post('/conversations', {
      ...newConversation('Imported'),
      messages: Array.from({ length: 60 }, (_, n) => message(n)),
    });
    expect(imported.status).toBe(201);
    const { body } = await alice.get(`/conversations/${imported.body.id as string}`);
    // All 60, in the order given.
    expect((body.messages as { content: string }[]).map((m) => m.content)).toEqual(
      Array.from({ length: 60 }, (_, n) => `message ${n}`),
    );
    expect(((await alice.get('/conversations')).body as unknown as unknown[]).length).toBe(before + 1);
  });
});

describe('search', () => {
  it("finds the caller's conversations by title and message text, case-insensitively, a page at a time", async () => {
    const carol = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
    const titled = await carol.post('/conversations', newConversation('Banana bread recipe', 1_000));
    const texted = await carol.post('/conversations', newConversation('Groceries', 2_000));
    await carol.post('/conversations', newConversation('Nothing here', 3_000));
    await carol.post(
      '/messages',
      userMessage(texted.body.id as string, 'Buy apples and two BANANAS, please.'),
    );
    // Another user's matching conversation stays theirs.
    await bob.post('/conversations', newConversation('Banana plans', 4_000));

    const found = await carol.get(`/conversations/search?q=${encodeURIComponent('banana')}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      results: [
        {
          conversationId: texted.body.id,
          title: 'Groceries',
          updatedAt: expect.any(Number),
          titleMatch: false,
          matches: [
            { messageId: expect.any(String), role: 'user', excerpt: 'Buy apples and two BANANAS, please.' },
          ],
        },
        {
          conversationId: titled.body.id,
          title: 'Banana bread recipe',
          updatedAt: 1_000,
          titleMatch: true,
          matches: [],
        },
      ],
    });

    // 27 more conversations: the first page reads 25 of the 30 and says where to go on.
    for (let i = 0; i < 27; i++) await carol.post('/conversations', newConversation(`Chat ${i}`, 10_000 + i));
    const first = await carol.get('/conversations/search?q=banana');
    expect(first.body.results).toEqual([]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await carol.get(
      `/conversations/search?q=banana&cursor=${first.body.nextCursor as string}`,
    );
    expect((second.body.results as { title: string }[]).map((result) => result.title)).toEqual([
      'Groceries',
      'Banana bread recipe',
    ]);
    expect(second.body.nextCursor).toBeUndefined();

    expect(await carol.get('/conversations/search?q=b')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Type at least 2 characters to search') },
    });
    expect(await carol.get('/conversations/search?q=banana&cursor=nonsense')).toMatchObject({
      status: 400,
      body: { message: 'Invalid search cursor' },
    });
  });

  it('says which matches are on a branch not shown; switching to that branch shows them', async () => {
    const dana = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
    const { body } = await dana.post('/conversations', newConversation('Shopping', 1_000));
    const conversationId = body.id as string;
    const first = await dana.post('/messages', userMessage(conversationId, 'Buy some kiwis'));
    // Edit and resend: the new text is a sibling of the first, and the branch shown.
    await dana.post('/messages', { ...userMessage(conversationId, 'Buy some kiwi jam'), parentId: null });

    const matchesOf = async () =>
      ((await dana.get('/conversations/search?q=kiwi')).body.results as { matches: unknown[] }[])[0]?.matches;
    expect(await matchesOf()).toEqual([
      { messageId: first.body.id, role: 'user', excerpt: 'Buy some kiwis', otherBranch: true },
      { messageId: expect.any(String), role: 'user', excerpt: 'Buy some kiwi jam' },
    ]);
    await dana.put(`/conversations/${conversationId}/branch`, { messageId: first.body.id });
    expect(await matchesOf()).toEqual([
      { messageId: first.body.id, role: 'user', excerpt: 'Buy some kiwis' },
      { messageId: expect.any(String), role: 'user', excerpt: 'Buy some kiwi jam', otherBranch: true },
    ]);
  });
});
