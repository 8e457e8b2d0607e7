/**
 * Faults during a reply on the local stack (the "Faults" issue): the model provider failing
 * mid-reply (500, 429) and DynamoDB refusing writes for a moment (throttling). Each test says the
 * state before and after: the reply's text, the day's token counters (reserved, used).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { MessageRecord } from '../../functions/src/domain/conversations/message.js';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { readStream } from '../support/sse.js';

const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let db: DynamoDBDocumentClient;
let proxy: Server;
/** Writes (UpdateItem) to the messages table the proxy still refuses as throttled. */
let throttleMessageWrites = 0;
let throttled = 0;

/**
 * Between the functions and DynamoDB: refuses the next `throttleMessageWrites` UpdateItem calls on
 * the messages table with DynamoDB's ProvisionedThroughputExceededException (the SDK retries it).
 */
function startThrottlingProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isMessageWrite =
        req.headers['x-amz-target'] === 'DynamoDB_20120810.UpdateItem' &&
        body.toString('utf8').includes(stack.dynamodb.tableNames.messages);
      if (isMessageWrite && throttleMessageWrites > 0) {
        throttleMessageWrites--;
        throttled++;
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(
          JSON.stringify({
            __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
            message: 'The level of configured provisioned throughput for the table was exceeded.',
          }),
        );
        return;
      }
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.destroy());
      forwarded.end(body);
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false });
  // The functions reach DynamoDB through the proxy (read when their first module loads, just after).
  process.env.DYNAMODB_ENDPOINT = await startThrottlingProxy(stack.dynamodb.endpoint);
  configureAmplify(stack.runtimeConfig);
  db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
});

async function newUser() {
  const { idToken } = await signUpAndSignIn();
  const { sub } = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  const api = apiAs(stack.apiUrl, idToken);
  const now = Date.now();
  const { body } = await api.post('/conversations', {
    title: 'Faults',
    name: 'Faults',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
  });
  return { idToken, userId: sub, conversationId: body.id as string };
}

async function dayCounters(userId: string) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: stack.dynamodb.tableNames.usage,
      Key: { userId, period: `tokens#${new Date().toISOString().slice(0, 10)}` },
      ConsistentRead: true,
    }),
  );
  return { committed: Number(Item?.committed ?? 0), used: Number(Item?.used ?? 0) };
}

async function storedMessage(conversationId: string, messageId: string) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: stack.dynamodb.tableNames.messages,
      Key: { conversationId, messageId },
      ConsistentRead: true,
    }),
  );
  return Item as MessageRecord;
}

/** Streams a reply; `onWord` runs after each word that reached the client. */
async function streamReply(
  user: Awaited<ReturnType<typeof newUser>>,
  text: string,
  onWord: (words: number) => void = () => undefined,
) {
  const query = new URLSearchParams({
    conversationId: user.conversationId,
    ...PLATFORM,
    triggerContent: text,
  });
  let shown = '';
  let messageId = '';
  let last: { type: string; message?: string } | undefined;
  for await (const { event } of readStream(
    `${stack.apiUrl}/api/messages/generate-stream?${query}`,
    user.idToken,
  )) {
    if (event.type === 'status' && event.messageId) messageId = event.messageId;
    if (event.type === 'message_delta') {
      shown += event.chunk;
      onWord(shown.trim().split(/\s+/).length);
    }
    last = event;
  }
  return { shown, messageId, last };
}

describe('the model provider failing mid-reply', () => {
  it.each([
    [500, 'internal error'],
    [429, 'throttling'],
  ])('%i (%s): the text shown is kept with a clear error, the reservation settled to it', async (status) => {
    const user = await newUser();
    const before = await dayCounters(user.userId);
    const words = 'one two three four five six seven eight nine ten eleven twelve';
    const { shown, messageId, last } = await streamReply(
      user,
      `${words} [[fail-after:7]] [[fail-with:${status}]]`,
    );
    expect(last).toMatchObject({ type: 'error' });
    // Not retried: the text was already shown (a retry would stream it twice); said plainly.
    expect(last?.message).toMatch(
      status === 429 ? /is rate limiting requests\. Try again in a moment\./ : /\w/,
    );
    expect(
      models.requests.filter(
        // Model calls only (the Bedrock catalogue's list calls have no body).
        (request) =>
          request.method === 'POST' && JSON.stringify(request.body).includes(`fail-with:${status}`),
      ),
    ).toHaveLength(1);
    const stored = await storedMessage(user.conversationId, messageId);
    expect(stored).toMatchObject({
      status: 'error',
      isError: true,
      content: `${shown}\n\n**Error:** ${last?.message}`,
    });
    expect(stored.leaseShard).toBeUndefined();
    const after = await dayCounters(user.userId);
    expect(after.committed).toBe(after.used);
    expect(after.used).toBeGreaterThan(before.used);
    console.info(
      `provider ${status} mid-reply: shown ${shown.trim().split(/\s+/).length} words, kept them; ` +
        `tokens before used ${before.used}, after used ${after.used} committed ${after.committed}`,
    );
  });
});

describe('DynamoDB throttling during a reply', () => {
  it('the saves are retried: the whole reply is kept, complete, tokens counted once', async () => {
    const user = await newUser();
    const before = await dayCounters(user.userId);
    throttled = 0;
    const { shown, messageId, last } = await streamReply(
      user,
      'Tell me [[long:20]] [[slow:150]]',
      (words) => {
        // A moment of throttling: the next two writes of the reply are refused.
        if (words === 3) throttleMessageWrites = 2;
      },
    );
    expect(throttled).toBe(2);
    expect(last).toMatchObject({ type: 'end', status: 'completed' });
    const stored = await storedMessage(user.conversationId, messageId);
    expect(stored).toMatchObject({ status: 'complete', content: shown });
    expect(shown.trim().split(/\s+/)).toHaveLength(20);
    const after = await dayCounters(user.userId);
    expect(after.committed).toBe(after.used);
    console.info(
      `throttling: ${throttled} writes refused, reply ${shown.trim().split(/\s+/).length} of 20 words kept; ` +
        `tokens before used ${before.used}, after used ${after.used} committed ${after.committed}`,
    );
  });
});
