import { ACCOUNT_MESSAGES, AGENT_STREAM_PATHS } from '@agentforge/shared';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string; provider: string };
let bob: { api: Api; idToken: string };
const MODEL = 'llama3.2:latest';

async function newConversation(api: Api): Promise<string> {
  const now = Date.now();
  const { body } = await api.post('/conversations', {
    title: 'Stream test',
    name: 'Stream test',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  return body.id as string;
}

function streamUrl(conversationId: string, triggerContent: string, provider = alice.provider) {
  const query = new URLSearchParams({ conversationId, provider, model: MODEL, triggerContent });
  return `${stack.apiUrl}/api/messages/generate-stream?${query}`;
}

async function assistantMessage(api: Api, conversationId: string) {
  const { body } = await api.get(`/conversations/${conversationId}`);
  return (body.messages as { role: string; content: string; isError?: boolean; isLoading?: boolean }[]).find(
    (message) => message.role === 'assistant',
  );
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  const a = await signUpAndSignIn();
  const api = apiAs(stack.apiUrl, a.idToken);
  const key = await api.post('/api-keys', {
    provider: 'custom',
    baseUrl: models.baseUrls.custom,
    label: 'Test',
  });
  expect(key.status).toBe(201);
  alice = { api, idToken: a.idToken, provider: `custom:${key.body.id as string}` };
  const b = await signUpAndSignIn();
  bob = { api: apiAs(stack.apiUrl, b.idToken), idToken: b.idToken };
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('GET /messages/generate-stream', () => {
  it('streams deltas as the model sends them and ends with the metadata', async () => {
    const conversationId = await newConversation(alice.api);
    const events = await collect(
      readStream(streamUrl(conversationId, 'Hello there friend again [[slow:150]]'), alice.idToken),
    );

    const deltas = events.filter((e) => e.event.type === 'message_delta');
    expect(deltas.map((d) => (d.event as { chunk: string }).chunk).join('')).toBe(
      'Echo: Hello there friend again',
    );
    // Tokens sent 150 ms apart arrive apart: nothing on the way buffers the stream. (From the
    // second: the model call is opened while the stream's checks answer, so its first token may
    // already be waiting when the reply starts.)
    expect((deltas.at(-1)?.at ?? 0) - (deltas[1]?.at ?? 0)).toBeGreaterThan(300);

    const end = events.at(-1)?.event;
    expect(end).toMatchObject({ type: 'end', status: 'completed', provider: alice.provider, model: MODEL });
    expect(end).toHaveProperty('messageId');
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved).toMatchObject({ content: 'Echo: Hello there friend again', isLoading: false });
  });

  it('keeps generating and saves the whole reply when the client disconnects', async () => {
    const conversationId = await newConversation(alice.api);
    const abort = new AbortController();
    const stream = readStream(
      streamUrl(conversationId, '[[long:20]] [[slow:40]]'),
      alice.idToken,
      abort.signal,
    );
    for await (const { event } of stream) if (event.type === 'message_delta') break;
    abort.abort();

    await expect
      .poll(async () => (await assistantMessage(alice.api, conversationId))?.isLoading, { timeout: 10_000 })
      .toBe(false);
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved?.content.trim().split(' ')).toHaveLength(20);
  });

  it("stops on the server and saves what was generated plus '[Streaming stopped]'", async () => {
    const conversationId = await newConversation(alice.api);
    const received: string[] = [];
    let messageId = '';
    for await (const { event } of readStream(
      streamUrl(conversationId, '[[long:200]] [[slow:30]]'),
      alice.idToken,
    )) {
      received.push(event.type);
      if (event.type === 'status' && event.status === 'streaming') messageId = event.messageId ?? '';
      if (event.type === 'message_delta' && received.filter((t) => t === 'message_delta').length === 3) {
        expect(
          (await alice.api.post(`/conversations/${conversationId}/messages/${messageId}/stop`)).status,
        ).toBe(204);
      }
    }
    expect(received.at(-1)).toBe('status');
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved?.content).toMatch(/^w1 w2 w3.*\n\n\[Streaming stopped\]$/s);
    expect(saved?.content.split(' ').length).toBeLessThan(200);
  });

  it('keeps exactly what the user saw when they stopped, even if the model finished meanwhile', async () => {
    const conversationId = await newConversation(alice.api);
    let shown = '';
    let messageId = '';
    let stopped = false;
    for await (const { event } of readStream(
      streamUrl(conversationId, '[[long:12]] [[slow:40]]'),
      alice.idToken,
    )) {
      if (event.type === 'status' && event.status === 'streaming') messageId = event.messageId ?? '';
      if (event.type === 'message_delta' && !stopped) {
        shown += event.chunk;
        if (shown.split(' ').length >= 4) {
          stopped = true;
          // The client stops displaying here; the model goes on sending meanwhile.
          await alice.api.post(`/conversations/${conversationId}/messages/${messageId}/stop`, {
            shownChars: shown.length,
          });
        }
      }
    }
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved?.content).toBe(`${shown}\n\n[Streaming stopped]`);
  });

  it('ends a reply too long for a message with a note, and saves it (the message leaves streaming)', async () => {
    const conversationId = await newConversation(alice.api);
    const events = await collect(readStream(streamUrl(conversationId, '[[bytes:1048576]]'), alice.idToken));
    expect(events.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved?.isLoading).toBe(false);
    expect(saved?.content).toMatch(
      /^x{1000,}\n\n\[Reply truncated: it was longer than a message can hold\]$/,
    );
    expect(saved?.content.length).toBeLessThan(400_000);
  });

  it('stops the stream and writes nothing back when the conversation is deleted mid-reply', async () => {
    const conversationId = await newConversation(alice.api);
    const events: string[] = [];
    for await (const { event } of readStream(
      streamUrl(conversationId, '[[long:100]] [[slow:30]]'),
      alice.idToken,
    )) {
      events.push(event.type);
      if (events.filter((type) => type === 'message_delta').length === 3) {
        expect((await alice.api.del(`/conversations/${conversationId}`)).status).toBeLessThan(300);
      }
    }
    expect(events.at(-1)).toBe('error');
    expect(events.filter((type) => type === 'message_delta').length).toBeLessThan(100);
    const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
    const { Items } = await db.send(
      new QueryCommand({
        TableName: process.env.TABLE_MESSAGES,
        KeyConditionExpression: 'conversationId = :id',
        ExpressionAttributeValues: { ':id': conversationId },
      }),
    );
    expect(Items).toEqual([]);
  });

  it("ends with an error event and saves '**Error:** ...' when the provider fails", async () => {
    const conversationId = await newConversation(alice.api);
    const events = await collect(readStream(streamUrl(conversationId, 'boom [[error:429]]'), alice.idToken));
    const last = events.at(-1)?.event;
    expect(last?.type).toBe('error');
    const saved = await assistantMessage(alice.api, conversationId);
    expect(saved?.isError).toBe(true);
    expect(saved?.content).toBe(`**Error:** ${(last as { message: string }).message}`);
    expect(saved?.content).toMatch(/rate limiting/);
  });

  it('records token usage for the day', async () => {
    const conversationId = await newConversation(alice.api);
    await collect(readStream(streamUrl(conversationId, 'count me'), alice.idToken));
    const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
    const claims = JSON.parse(Buffer.from(alice.idToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    const { Item } = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_USAGE,
        Key: { userId: claims.sub, period: `tokens#${new Date().toISOString().slice(0, 10)}` },
      }),
    );
    expect(Item?.inputTokens).toBeGreaterThan(0);
    expect(Item?.outputTokens).toBeGreaterThan(0);
  });

  it('regenerates into siblings, switches branch, goes on on one and keeps the others; edits as a sibling', async () => {
    const conversationId = await newConversation(alice.api);
    await collect(readStream(streamUrl(conversationId, 'First question'), alice.idToken));
    type Shown = {
      id: string;
      role: string;
      content: string;
      parentId: string | null;
      siblingIds?: string[];
    };
    const messagesPath = `/conversations/${conversationId}/messages`;
    const thread = async () => (await alice.api.get(`${messagesPath}?order=oldest`)).body.messages as Shown[];
    const stream = (query: Record<string, string>) =>
      collect(
        readStream(
          `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({
            conversationId,
            provider: alice.provider,
            model: MODEL,
            ...query,
          })}`,
          alice.idToken,
        ),
      );
    const [question, first] = await thread();

    // Regenerate twice: three siblings, the newest shown; the model saw only the question each time.
    const second = (await stream({ replaceFrom: first?.id ?? '' })).find((e) => e.event.type === 'end');
    expect(JSON.stringify(models.requests.at(-1)?.body)).not.toContain('Echo: First question');
    await stream({ replaceFrom: (second?.event as { messageId?: string } | undefined)?.messageId ?? '' });
    const regenerated = await thread();
    expect(regenerated).toHaveLength(2);
    const siblings = regenerated[1]?.siblingIds ?? [];
    expect(siblings).toHaveLength(3);
    expect(siblings[0]).toBe(first?.id);
    expect(regenerated[1]).toMatchObject({ id: siblings[2], parentId: question?.id });

    // Switch to the first reply and go on there.
    expect(
      (await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: first?.id })).status,
    ).toBe(204);
    expect((await thread()).map((m) => m.id)).toEqual([question?.id, first?.id]);
    await collect(readStream(streamUrl(conversationId, 'Second question'), alice.idToken));
    expect(JSON.stringify(models.requests.at(-1)?.body)).toContain('Echo: First question');
    const continued = await thread();
    expect(continued.map((m) => m.content)).toEqual([
      'First question',
      'Echo: First question',
      'Second question',
      'Echo: Second question',
    ]);
    // Newest first, a page at a time, on the branch shown.
    const page = await alice.api.get(`${messagesPath}?order=newest&limit=3`);
    expect((page.body.messages as Shown[]).map((m) => m.content)).toEqual([
      'Echo: Second question',
      'Second question',
      'Echo: First question',
    ]);
    const rest = await alice.api.get(`${messagesPath}?order=newest&limit=3&cursor=${page.body.nextCursor}`);
    expect((rest.body.messages as Shown[]).map((m) => m.content)).toEqual(['First question']);
    expect(rest.body.nextCursor).toBeUndefined();

    // The other branch is intact: switching back shows it without the second question.
    await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: siblings[2] });
    expect((await thread()).map((m) => m.id)).toEqual([question?.id, siblings[2]]);
    await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: first?.id });
    expect((await thread()).map((m) => m.content)).toEqual(continued.map((m) => m.content));

    // Edit and resend the first message: a sibling of it (a body: 20,000 characters would never
    // pass CloudFront and the WAF in a URL), then a plain stream answers it.
    const edited = `Edited question ${'word '.repeat(4_000)}`.trim();
    const saved = await alice.api.post('/messages', {
      conversationId,
      content: edited,
      role: 'user',
      provider: alice.provider,
      model: MODEL,
      parentId: null,
    });
    expect(saved.status).toBe(201);
    await stream({});
    const afterEdit = await thread();
    expect(afterEdit.map((m) => m.content)).toEqual([edited, `Echo: ${edited}`]);
    expect(afterEdit[0]?.siblingIds).toEqual([question?.id, saved.body.id]);
    // The model saw only the edited turn.
    expect(JSON.stringify(models.requests.at(-1)?.body)).not.toContain('Second question');
    await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: question?.id });
    expect((await thread()).map((m) => m.content)).toEqual(continued.map((m) => m.content));

    // Bob can neither switch it nor name its messages as parents; unknown messages are 404.
    const bobSwitch = await bob.api.put(`/conversations/${conversationId}/branch`, { messageId: first?.id });
    expect(bobSwitch.status).toBe(404);
    const unknownSwitch = await alice.api.put(`/conversations/${conversationId}/branch`, {
      messageId: 'nope',
    });
    expect(unknownSwitch.status).toBe(404);
    const badSwitch = await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: '' });
    expect(badSwitch.status).toBe(400);
    const bobsOwn = await newConversation(bob.api);
    const bobParent = await bob.api.post('/messages', {
      conversationId: bobsOwn,
      content: 'Mine',
      role: 'user',
      provider: 'anthropic',
      model: MODEL,
      parentId: question?.id,
    });
    expect(bobParent.status).toBe(404);
    const unknown = new URLSearchParams({
      conversationId,
      provider: alice.provider,
      model: MODEL,
      replaceFrom: 'no-such-message',
    });
    const response = await fetch(`${stack.apiUrl}/api/messages/generate-stream?${unknown}`, {
      headers: { Authorization: `Bearer ${alice.idToken}` },
    });
    expect(response.status).toBe(404);
  });

  it('edits a message in place for API clients (PUT), never a reply, never for another user', async () => {
    const conversationId = await newConversation(alice.api);
    await collect(readStream(streamUrl(conversationId, 'First question'), alice.idToken));
    const [question, answer] = (await alice.api.get(`/conversations/${conversationId}`)).body.messages as {
      id: string;
    }[];
    const messagePath = `/conversations/${conversationId}/messages`;
    expect((await alice.api.put(`${messagePath}/${answer?.id}`, { content: 'No' })).status).toBe(400);
    const saved = await alice.api.put(`${messagePath}/${question?.id}`, { content: 'Edited' });
    expect(saved.body).toMatchObject({ id: question?.id, role: 'user', content: 'Edited' });
    expect((await bob.api.put(`${messagePath}/${question?.id}`, { content: 'Mine' })).status).toBe(404);
  });
});

describe('the stream route refuses', () => {
  it('a request without a valid token with 401', async () => {
    const response = await fetch(
      `${stack.apiUrl}/api/messages/generate-stream?conversationId=x&provider=p&model=m`,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it("another user's conversation with 404, creating nothing", async () => {
    const conversationId = await newConversation(alice.api);
    const response = await fetch(streamUrl(conversationId, 'hijack'), {
      headers: { Authorization: `Bearer ${bob.idToken}` },
    });
    expect(response.status).toBe(404);
    // No sleep: the owner's own stream is the event to wait for. Once it has ended (its writes
    // done, after anything the refused request could have sent), the conversation holds exactly
    // her turn, and nothing of bob's.
    const own = await collect(readStream(streamUrl(conversationId, 'mine'), alice.idToken));
    expect(own.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });
    const { body } = await alice.api.get(`/conversations/${conversationId}`);
    expect(
      (body.messages as { role: string; content: string }[]).map(({ role, content }) => ({ role, content })),
    ).toEqual([
      { role: 'user', content: 'mine' },
      { role: 'assistant', content: 'Echo: mine' },
    ]);
  });

  it('a malformed query with 400', async () => {
    const response = await fetch(`${stack.apiUrl}/api/messages/generate-stream?provider=p`, {
      headers: { Authorization: `Bearer ${alice.idToken}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^Invalid query: conversationId/,
    );
  });

  it("a waitlisted user with the API's 403 and message, on every stream, until the user check finds them let in", async () => {
    const conversationId = await newConversation(alice.api); // made while the stage was open
    const planQuery = new URLSearchParams({
      conversationId,
      mode: 'single_agent',
      goalMessageId: 'm-none',
      provider: alice.provider,
      model: MODEL,
    });
    const urls = [
      streamUrl(conversationId, 'after the switch'),
      `${stack.apiUrl}/api${AGENT_STREAM_PATHS.plan}?${planQuery}`,
      `${stack.apiUrl}/api${AGENT_STREAM_PATHS.execute}?${new URLSearchParams({ conversationId, planId: 'p1', stepId: 's1', provider: alice.provider, model: MODEL })}`,
    ];
    const open = (url: string) => fetch(url, { headers: { Authorization: `Bearer ${alice.idToken}` } });
    process.env.ACCESS_MODE = 'waitlist';
    try {
      for (const url of urls) {
        const response = await open(url);
        expect(response.status, url).toBe(403);
        expect(await response.json()).toEqual({ code: 'FORBIDDEN', message: ACCOUNT_MESSAGES.waitlisted });
      }
      // An operator admits her; the app's user check (on every load) gives the streams the answer.
      const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
      await db.send(
        new UpdateCommand({
          TableName: stack.dynamodb.tableNames.users,
          Key: {
            userId: JSON.parse(Buffer.from(alice.idToken.split('.')[1] ?? '', 'base64url').toString()).sub,
          },
          UpdateExpression: 'SET admittedAt = :at, admittedBy = :by',
          ExpressionAttributeValues: { ':at': Date.now(), ':by': 'operator' },
        }),
      );
      expect((await alice.api.get('/user')).body.access).toBe('granted');
      const events = await collect(readStream(urls[0] as string, alice.idToken));
      expect(events.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });
      // The refused requests wrote nothing: one turn, the one that streamed.
      const { body } = await alice.api.get(`/conversations/${conversationId}`);
      expect((body.messages as { role: string }[]).map((m) => m.role)).toEqual(['user', 'assistant']);
    } finally {
      process.env.ACCESS_MODE = 'open';
    }
  });

  it("another user's provider key: the stream answers with an error event", async () => {
    const conversationId = await newConversation(bob.api);
    const events = await collect(readStream(streamUrl(conversationId, 'use alice key'), bob.idToken));
    expect(events.at(-1)?.event).toMatchObject({ type: 'error' });
    expect(models.requests.some((r) => JSON.stringify(r.body ?? '').includes('use alice key'))).toBe(false);
  });
});
