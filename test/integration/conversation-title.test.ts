/**
 * A new conversation's title (issue 29 item 1) on the local stack: after the first reply, the
 * conversation's model (Bedrock, pointed at the model server) writes a short title, saved with a
 * conditional write and sent after the reply's end; its tokens are on the user's plan.
 */
import { NEW_CONVERSATION_TITLE } from '@agentforge/shared';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationRepository } from '../../functions/src/adapters/dynamodb/conversation-repository.js';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let db: DynamoDBDocumentClient;
let api: Api;
let idToken: string;
let userId: string;

beforeAll(async () => {
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
  ({ idToken } = await signUpAndSignIn());
  userId = (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
    .sub;
  api = apiAs(stack.apiUrl, idToken);
  // Pro: the Free day's 100 tokens would not last the three replies and the title.
  await db.send(
    new PutCommand({ TableName: process.env.TABLE_BILLING, Item: { userId, tier: 'pro', status: 'active' } }),
  );
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

/** A chat as the web app starts one: created with its first message, titled by default. */
async function newChat(first: string): Promise<string> {
  const now = Date.now();
  const { status, body } = await api.post('/conversations', {
    messages: [{ id: 'first', conversationId: 'new', role: 'user', content: first, timestamp: now }],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
  });
  expect(status).toBe(201);
  expect(body.title).toBe(NEW_CONVERSATION_TITLE);
  return body.id as string;
}

const stream = async (conversationId: string) => {
  const query = new URLSearchParams({ conversationId, ...PLATFORM });
  const url = `${stack.apiUrl}/api/messages/generate-stream?${query}`;
  return (await collect(readStream(url, idToken))).map((e) => e.event);
};

const titleOf = async (conversationId: string) => {
  const { body } = await api.get(`/conversations/${conversationId}`);
  return body.title as string;
};

const dayTokens = async () => {
  const period = `tokens#${new Date().toISOString().slice(0, 10)}`;
  const { Item } = await db.send(
    new GetCommand({ TableName: process.env.TABLE_USAGE, Key: { userId, period }, ConsistentRead: true }),
  );
  return Number(Item?.used ?? 0);
};

describe("a new conversation's title", () => {
  it('is written by the model after the first reply, sent after its end and counted on the plan', async () => {
    const conversationId = await newChat('Plan a trip to Lisbon in spring please');
    const before = await dayTokens();
    const events = await stream(conversationId);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['end', 'conversation_title']);
    expect(events.at(-1)).toEqual({
      type: 'conversation_title',
      conversationId,
      title: 'Plan a trip to Lisbon in',
    });
    expect(await titleOf(conversationId)).toBe('Plan a trip to Lisbon in');
    // Two metered calls: the reply and the title, both on the user's day.
    const calls = models.requests.filter((r) => r.dialect === 'bedrock' && r.method === 'POST');
    expect(calls.length).toBe(2);
    expect(await dayTokens()).toBeGreaterThan(before);

    // A later reply leaves the title alone.
    await api.post('/messages', { conversationId, content: 'And in summer?', role: 'user', ...PLATFORM });
    const again = await stream(conversationId);
    expect(again.at(-1)).toMatchObject({ type: 'end' });
    expect(await titleOf(conversationId)).toBe('Plan a trip to Lisbon in');
  });

  it('is saved only while the title is still the default: a rename wins (the conditional write)', async () => {
    const conversationId = await newChat('Rename me');
    const { status } = await api.put(`/conversations/${conversationId}`, {
      title: 'Mine',
      metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
      updatedAt: Date.now(),
    });
    expect(status).toBe(200);
    const repository = createConversationRepository(db, process.env.TABLE_CONVERSATIONS ?? '');
    expect(await repository.retitle(userId, conversationId, 'Model title', NEW_CONVERSATION_TITLE)).toBe(
      false,
    );
    expect(await titleOf(conversationId)).toBe('Mine');
    const events = await stream(conversationId);
    expect(events.at(-1)).toMatchObject({ type: 'end' });
    expect(await titleOf(conversationId)).toBe('Mine');
  });
});
