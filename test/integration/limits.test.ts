/**
 * Plan limits (issue 11) on the local stack: the platform's models (Bedrock, pointed at the model
 * server) under each plan's token limits, the user's own keys beside them, and the server limits.
 * Plans are set by writing the billing record directly, as the billing sync does.
 */
import { LIMIT_MESSAGES, PLAN_LIMIT_ERROR_CODE, PLAN_LIMITS, type StreamEvent } from '@agentforge/shared';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

/** The platform's model: Anthropic's family on Bedrock, for a user without an Anthropic key. */
const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };
const FREE = PLAN_LIMITS.free;
const PRO = PLAN_LIMITS.pro;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let db: DynamoDBDocumentClient;

interface User {
  api: Api;
  idToken: string;
  userId: string;
}

async function newUser(): Promise<User> {
  const { idToken } = await signUpAndSignIn();
  const { sub } = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { api: apiAs(stack.apiUrl, idToken), idToken, userId: sub };
}

const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

async function newConversation(user: User, settings?: Record<string, unknown>): Promise<string> {
  const now = Date.now();
  const { body } = await user.api.post('/conversations', {
    title: 'Limits',
    name: 'Limits',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
    ...(settings ? { settings } : {}),
  });
  return body.id as string;
}

function streamUrl(conversationId: string, triggerContent: string, model = PLATFORM) {
  const query = new URLSearchParams({ conversationId, ...model, triggerContent });
  return `${stack.apiUrl}/api/messages/generate-stream?${query}`;
}

async function stream(user: User, conversationId: string, text: string, model = PLATFORM) {
  return (await collect(readStream(streamUrl(conversationId, text, model), user.idToken))).map(
    (e) => e.event,
  );
}

const lastEvent = (events: StreamEvent[]) => events.at(-1);
/** Model calls (ConverseStream), not the catalogue's list calls. */
const bedrockCalls = () =>
  models.requests.filter((request) => request.dialect === 'bedrock' && request.method === 'POST').length;

async function usageItem(userId: string, period: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: process.env.TABLE_USAGE, Key: { userId, period }, ConsistentRead: true }),
  );
  return Item ?? {};
}
const dayOf = (user: User) => usageItem(user.userId, `tokens#${today()}`);

async function putUsage(userId: string, period: string, values: Record<string, number>) {
  await db.send(new PutCommand({ TableName: process.env.TABLE_USAGE, Item: { userId, period, ...values } }));
}

async function setPlan(user: User, record: Record<string, unknown>) {
  await db.send(
    new PutCommand({ TableName: process.env.TABLE_BILLING, Item: { userId: user.userId, ...record } }),
  );
}

beforeAll(async () => {
  models = await startModelServer();
  // The stream functions' Bedrock client reaches the model server (the SDK's endpoint variable).
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('token limits on the platform’s models', () => {
  it('Free: the output is capped to what is left, then the next request is refused before the model is called', async () => {
    const user = await newUser();
    const conversationId = await newConversation(user);
    const first = await stream(user, conversationId, 'Tell me a lot [[long:500]]');
    expect(lastEvent(first)).toMatchObject({ type: 'end', status: 'completed' });
    // The provider was asked for no more than the plan allows, and the prompt's estimate fits with it.
    const sent = models.requests.at(-1)?.body as { inferenceConfig: { maxTokens: number } };
    expect(sent.inferenceConfig.maxTokens).toBeLessThan(FREE.maxTokensPerRequest);
    const day = await dayOf(user);
    expect(day.used).toBeGreaterThan(sent.inferenceConfig.maxTokens);
    expect(day.used).toBeLessThanOrEqual(FREE.tokensPerDay);
    expect(day.committed).toBe(day.used);
    expect(day.inputTokens).toBeGreaterThan(0);
    expect(day.outputTokens).toBe(sent.inferenceConfig.maxTokens);

    // Fill the day's last tokens, as earlier replies would have.
    await putUsage(user.userId, `tokens#${today()}`, {
      committed: FREE.tokensPerDay,
      used: FREE.tokensPerDay,
    });
    const calls = bedrockCalls();
    // A new chat: this one's history alone is now more than a Free request may carry.
    const next = await newConversation(user);
    const refused = await stream(user, next, 'One more?');
    expect(lastEvent(refused)).toEqual({
      type: 'error',
      message: LIMIT_MESSAGES.dailyTokens(FREE.tokensPerDay, 'Free'),
      code: PLAN_LIMIT_ERROR_CODE,
    });
    expect(bedrockCalls()).toBe(calls);
    const { body } = await user.api.get(`/conversations/${next}`);
    expect((body.messages as { content: string }[]).at(-1)?.content).toContain(
      LIMIT_MESSAGES.dailyTokens(FREE.tokensPerDay, 'Free'),
    );
    expect(await dayOf(user)).toMatchObject({ committed: FREE.tokensPerDay, used: FREE.tokensPerDay });
  });

  it('Free: twenty concurrent streams near the limit never spend past it', async () => {
    const user = await newUser();
    await putUsage(user.userId, `tokens#${today()}`, { committed: 40, used: 40 });
    const conversations = await Promise.all(
      Array.from({ length: 20 }, () => newConversation(user, { maxOutputTokens: 5 })),
    );
    const calls = bedrockCalls();
    const ends = await Promise.all(
      conversations.map(async (id, i) => lastEvent(await stream(user, id, `Go ${i} [[long:50]]`))),
    );
    const completed = ends.filter((end) => end?.type === 'end');
    const refused = ends.filter((end) => end?.type === 'error');
    expect(completed.length + refused.length).toBe(20);
    expect(completed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const end of refused) {
      expect(end).toMatchObject({
        code: PLAN_LIMIT_ERROR_CODE,
        message: LIMIT_MESSAGES.dailyTokens(FREE.tokensPerDay, 'Free'),
      });
    }
    // Only the admitted streams reached the model, and together they stayed within the day.
    expect(bedrockCalls() - calls).toBe(completed.length);
    const day = await dayOf(user);
    expect(day.used).toBeLessThanOrEqual(FREE.tokensPerDay);
    expect(day.used).toBeGreaterThan(40);
    expect(day.committed).toBe(day.used);
  });

  it('refuses a prompt larger than the plan’s maxTokensPerRequest, before the model is called', async () => {
    const user = await newUser();
    const conversationId = await newConversation(user);
    const calls = bedrockCalls();
    const events = await stream(user, conversationId, 'word '.repeat(200));
    expect(lastEvent(events)).toEqual({
      type: 'error',
      message: LIMIT_MESSAGES.promptTooLarge(FREE.maxTokensPerRequest, 'Free'),
      code: PLAN_LIMIT_ERROR_CODE,
    });
    expect(bedrockCalls()).toBe(calls);
    expect((await dayOf(user)).committed ?? 0).toBe(0);
  });

  it('settles a stopped reply and a provider error to what they used, releasing the rest', async () => {
    const user = await newUser();
    await setPlan(user, { tier: 'pro', status: 'active' });
    const conversationId = await newConversation(user);
    const url = streamUrl(conversationId, 'Slowly [[long:400]] [[slow:40]]');
    let messageId = '';
    let deltas = 0;
    for await (const { event } of readStream(url, user.idToken)) {
      if (event.type === 'status' && event.status === 'streaming') messageId = event.messageId ?? '';
      if (event.type === 'message_delta' && ++deltas === 5) {
        const stop = await user.api.post(`/conversations/${conversationId}/messages/${messageId}/stop`, {});
        expect(stop.status).toBeLessThan(300);
      }
      if (event.type === 'status' && event.status === 'stopped') break;
    }
    const stopped = await dayOf(user);
    // The prompt and the streamed words: more than nothing, far less than the 400 words asked for.
    expect(stopped.used).toBeGreaterThan(5);
    expect(stopped.used).toBeLessThan(300);
    expect(stopped.committed).toBe(stopped.used);

    // The provider breaks off after 3 words: the prompt and those words, not the 4,096 reserved.
    const failed = await stream(
      user,
      await newConversation(user),
      'Break this reply off early please [[fail-after:3]]',
    );
    expect(lastEvent(failed)).toMatchObject({ type: 'error' });
    expect(lastEvent(failed)).not.toHaveProperty('code');
    const after = await dayOf(user);
    expect(after.used).toBeGreaterThan(stopped.used);
    expect(after.used - stopped.used).toBeLessThan(50);
    expect(after.committed).toBe(after.used);
  });

  it('Pro: a higher limit, overage past the allowance up to the month’s cap, none when past due', async () => {
    const user = await newUser();
    await setPlan(user, { tier: 'pro', status: 'active', overageCapUsd: 1 });
    const conversationId = await newConversation(user);
    // A prompt Free refuses is fine on Pro.
    const long = await stream(user, conversationId, 'word '.repeat(200));
    expect(lastEvent(long)).toMatchObject({ type: 'end' });

    // Near the end of the allowance: the reply goes past it, and what lies past it is overage.
    await putUsage(user.userId, `tokens#${today()}`, {
      committed: PRO.tokensPerDay - 10,
      used: PRO.tokensPerDay - 10,
    });
    const over = await stream(user, conversationId, 'More [[long:100]]');
    expect(lastEvent(over)).toMatchObject({ type: 'end' });
    const day = await dayOf(user);
    expect(day.committed).toBe(day.used);
    const overage = await usageItem(user.userId, `overage#${thisMonth()}`);
    expect(overage.tokens).toBe(day.used - PRO.tokensPerDay);
    const { Items: rows = [] } = await db.send(
      new QueryCommand({
        TableName: process.env.TABLE_USAGE,
        KeyConditionExpression: 'userId = :user AND begins_with(period, :rows)',
        ExpressionAttributeValues: { ':user': user.userId, ':rows': `overage#${thisMonth()}#` },
      }),
    );
    expect(rows.map((row) => row.tokens)).toEqual([overage.tokens]);

    // The month's cap ($1: 100,000 tokens) used up by earlier days: refused with the cap's message.
    await putUsage(user.userId, `overage#${thisMonth()}`, {
      tokens: 100_000 + (day.used - PRO.tokensPerDay),
    });
    const calls = bedrockCalls();
    const capped = await stream(user, conversationId, 'Even more');
    expect(lastEvent(capped)).toEqual({
      type: 'error',
      message: LIMIT_MESSAGES.overageCap(1),
      code: PLAN_LIMIT_ERROR_CODE,
    });
    expect(bedrockCalls()).toBe(calls);

    // Past due: no overage at all, the day's allowance is the limit.
    await db.send(
      new DeleteCommand({
        TableName: process.env.TABLE_USAGE,
        Key: { userId: user.userId, period: `overage#${thisMonth()}` },
      }),
    );
    await setPlan(user, { tier: 'pro', status: 'past_due', overageCapUsd: 1 });
    const pastDue = await stream(user, conversationId, 'Still there?');
    expect(lastEvent(pastDue)).toEqual({
      type: 'error',
      message: LIMIT_MESSAGES.dailyTokens(PRO.tokensPerDay, 'Pro'),
      code: PLAN_LIMIT_ERROR_CODE,
    });
    expect(bedrockCalls()).toBe(calls);
  });
});

describe('the platform’s live catalogue', () => {
  it('offers only the ACTIVE models, and a chat on a retired one falls back to the spec’s default, saved, with no error', async () => {
    const user = await newUser();
    const { body: providers } = await user.api.get('/api-keys/providers');
    // The model server lists Claude 3.5 Haiku as LEGACY (retired): never offered.
    expect(providers).toEqual([
      {
        id: 'anthropic',
        name: 'Anthropic',
        models: [
          { id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' },
          { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5' },
        ],
      },
    ]);

    const retired = { provider: 'anthropic', model: 'claude-3-5-haiku-20241022' };
    const conversationId = await newConversation(user);
    const events = await stream(user, conversationId, 'hello again', retired);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(lastEvent(events)).toMatchObject({ type: 'end', status: 'completed' });
    const call = models.requests.findLast(
      (request) => request.dialect === 'bedrock' && request.method === 'POST',
    );
    expect(call?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse-stream');
    const { body } = await user.api.get(`/conversations/${conversationId}`);
    expect(body.metadata).toEqual({ defaultProvider: 'anthropic', defaultModel: PLATFORM.model });
    expect(body.lastModel).toBe(PLATFORM.model);
    // Metered as any platform call.
    expect((await dayOf(user)).used).toBeGreaterThan(0);
  });
});

describe('the user’s own keys', () => {
  it('are recorded as ownKeyTokens and not counted against the plan', async () => {
    const user = await newUser();
    const key = await user.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
    const own = { provider: `custom:${key.body.id as string}`, model: 'llama3.2:latest' };
    await putUsage(user.userId, `tokens#${today()}`, {
      committed: FREE.tokensPerDay,
      used: FREE.tokensPerDay,
    });
    const conversationId = await newConversation(user);
    const events = await stream(user, conversationId, `Mine ${'word '.repeat(200)} [[long:300]]`, own);
    expect(lastEvent(events)).toMatchObject({ type: 'end', status: 'completed' });
    const day = await dayOf(user);
    expect(day).toMatchObject({ committed: FREE.tokensPerDay, used: FREE.tokensPerDay });
    expect(day.ownKeyTokens).toBeGreaterThan(300);
    // The platform's model is still refused: the day is used up.
    const platform = await stream(user, conversationId, 'And on yours?');
    expect(lastEvent(platform)).toMatchObject({ code: PLAN_LIMIT_ERROR_CODE });
  });
});

describe('server limits follow the plan', () => {
  const server = (idleTimeoutMinutes: number) => ({
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes,
  });

  it('caps the idle timeout at the plan’s server timeout', async () => {
    const user = await newUser();
    const free = await user.api.post('/mcp-servers', server(FREE.serverTimeoutMinutes + 1));
    expect(free.status).toBe(400);
    expect(free.body.message).toMatch(`at most ${FREE.serverTimeoutMinutes} minutes`);
    await setPlan(user, { tier: 'pro', status: 'active' });
    const pro = await user.api.post('/mcp-servers', server(PRO.serverTimeoutMinutes));
    expect(pro.status).toBe(201);
    expect((await user.api.post('/mcp-servers', server(PRO.serverTimeoutMinutes + 1))).status).toBe(400);
  });

  it('runs as many servers at a time as the plan allows', async () => {
    const user = await newUser();
    await setPlan(user, { tier: 'pro', status: 'active' });
    const ids = await Promise.all(
      Array.from(
        { length: PRO.maxConcurrentServers + 1 },
        async (_, i) =>
          (await user.api.post('/mcp-servers', { ...server(5), name: `Pro ${i}` })).body.id as string,
      ),
    );
    const answers = await Promise.all(ids.map((id) => user.api.post(`/mcp-servers/${id}/enable`)));
    const refused = answers.filter((answer) => answer.status >= 300);
    expect(answers.length - refused.length).toBe(PRO.maxConcurrentServers);
    expect(refused).toEqual([
      expect.objectContaining({
        status: 429,
        body: expect.objectContaining({
          code: PLAN_LIMIT_ERROR_CODE,
          message: expect.stringMatching(`at most ${PRO.maxConcurrentServers} servers at a time`),
        }),
      }),
    ]);
  });

  it('refuses a start once the month’s compute hours of the plan are used', async () => {
    const user = await newUser();
    await setPlan(user, { tier: 'pro', status: 'active' });
    const { body } = await user.api.post('/mcp-servers', server(5));
    await putUsage(user.userId, `compute#${thisMonth()}`, { minutes: PRO.monthlyComputeHours * 60 });
    const usage = await user.api.get('/mcp/usage');
    expect(usage.body.limitMinutes).toBe(PRO.monthlyComputeHours * 60);
    const refused = await user.api.post(`/mcp-servers/${body.id as string}/enable`);
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: PLAN_LIMIT_ERROR_CODE,
        message: LIMIT_MESSAGES.monthlyCompute(PRO.monthlyComputeHours, 'Pro'),
      },
    });
    // A lapsed subscription is Free again: Free's hours apply.
    await setPlan(user, { tier: 'pro', status: 'canceled' });
    expect((await user.api.get('/mcp/usage')).body.limitMinutes).toBe(FREE.monthlyComputeHours * 60);
  });
});
