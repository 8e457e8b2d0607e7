import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../../../scripts/local/dynamodb.js';
import { createDocumentClient } from './document-client.js';
import { batchedGet } from './get-batcher.js';
import { createMemoryStore } from './memory-store.js';
import { createStreamPassReader } from './stream-pass.js';

let dir: string;
let dynamo: LocalDynamo;
let db: DynamoDBDocumentClient;
/** The commands the client sent, by name, in order. */
const sent: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'get-batcher-'));
  dynamo = await startLocalDynamo({ path: join(dir, 'db'), port: 0, tablePrefix: 't' });
  db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
  db.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
  const { billing, conversations, apiKeys } = dynamo.tableNames;
  await Promise.all([
    db.send(
      new PutCommand({ TableName: billing, Item: { userId: 'stream-access#u1', granted: true, extra: 1 } }),
    ),
    db.send(
      new PutCommand({ TableName: conversations, Item: { userId: 'u1', conversationId: 'c1', title: 'A' } }),
    ),
    db.send(
      new PutCommand({ TableName: conversations, Item: { userId: 'u1', conversationId: 'c2', title: 'B' } }),
    ),
    db.send(new PutCommand({ TableName: apiKeys, Item: { userId: 'u1', keyId: 'k1', provider: 'custom' } })),
  ]);
}, 60_000);

afterAll(async () => {
  await dynamo?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('gets asked side by side', () => {
  it('go as one BatchGetItem, each answered with its own item (or none), settings kept per table', async () => {
    sent.length = 0;
    const { billing, conversations, apiKeys } = dynamo.tableNames;
    const [pass, first, second, missing, key] = await Promise.all([
      batchedGet(db, { tableName: billing, key: { userId: 'stream-access#u1' }, projection: 'granted' }),
      batchedGet(db, { tableName: conversations, key: { userId: 'u1', conversationId: 'c1' } }),
      batchedGet(db, { tableName: conversations, key: { userId: 'u1', conversationId: 'c2' } }),
      batchedGet(db, { tableName: conversations, key: { userId: 'u2', conversationId: 'c1' } }),
      batchedGet(db, { tableName: apiKeys, key: { userId: 'u1', keyId: 'k1' }, consistent: true }),
    ]);
    expect(sent).toEqual(['BatchGetItemCommand']);
    expect(pass).toEqual({ userId: 'stream-access#u1', granted: true });
    expect(first).toMatchObject({ conversationId: 'c1', title: 'A' });
    expect(second).toMatchObject({ conversationId: 'c2', title: 'B' });
    expect(missing).toBeUndefined();
    expect(key).toMatchObject({ keyId: 'k1', provider: 'custom' });
  });

  it("a stream's pass and its memory read (both in the billing table) share one request", async () => {
    sent.length = 0;
    const { billing } = dynamo.tableNames;
    const [pass, memory] = await Promise.all([
      createStreamPassReader(db, billing).passOf('u1'),
      createMemoryStore(db, billing).get('u1'),
    ]);
    expect(sent).toEqual(['BatchGetItemCommand']);
    expect(pass).toEqual({ granted: true });
    expect(memory).toMatchObject({ enabled: false, facts: [] });
  });

  it("name a projection's key attribute once (DynamoDB refuses overlapping paths)", async () => {
    sent.length = 0;
    const { billing, conversations } = dynamo.tableNames;
    const [pass] = await Promise.all([
      batchedGet(db, {
        tableName: billing,
        key: { userId: 'stream-access#u1' },
        projection: 'userId, granted',
      }),
      batchedGet(db, { tableName: conversations, key: { userId: 'u1', conversationId: 'c1' } }),
    ]);
    expect(sent).toEqual(['BatchGetItemCommand']);
    expect(pass).toEqual({ userId: 'stream-access#u1', granted: true });
  });

  it('of one table with different consistency go apart (each alone: a GetItem)', async () => {
    sent.length = 0;
    const { conversations } = dynamo.tableNames;
    const [eventual, strong] = await Promise.all([
      batchedGet(db, { tableName: conversations, key: { userId: 'u1', conversationId: 'c1' } }),
      batchedGet(db, {
        tableName: conversations,
        key: { userId: 'u1', conversationId: 'c2' },
        consistent: true,
      }),
    ]);
    expect(sent).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect([eventual?.title, strong?.title]).toEqual(['A', 'B']);
  });

  it('a get asked alone is a GetItem', async () => {
    sent.length = 0;
    const item = await batchedGet(db, {
      tableName: dynamo.tableNames.conversations,
      key: { userId: 'u1', conversationId: 'c2' },
    });
    expect(sent).toEqual(['GetItemCommand']);
    expect(item?.title).toBe('B');
  });
});

describe('unprocessed keys', () => {
  const mocked = createDocumentClient({ region: 'us-east-1' });
  const mock = mockClient(mocked);

  it('are asked again until answered', async () => {
    mock.reset();
    mock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { a: [{ id: '1', v: 1 }] },
        UnprocessedKeys: { b: { Keys: [{ id: '2' }] } },
      })
      .resolves({ Responses: { b: [{ id: '2', v: 2 }] } });
    const answers = await Promise.all([
      batchedGet(mocked, { tableName: 'a', key: { id: '1' } }),
      batchedGet(mocked, { tableName: 'b', key: { id: '2' } }),
    ]);
    expect(answers).toEqual([
      { id: '1', v: 1 },
      { id: '2', v: 2 },
    ]);
    expect(mock.commandCalls(BatchGetCommand)[1]?.args[0].input.RequestItems).toEqual({
      b: { Keys: [{ id: '2' }] },
    });
  });

  it('fail every get of the batch when DynamoDB fails it', async () => {
    mock.reset();
    mock.on(BatchGetCommand).rejects(new Error('throttled'));
    const answers = await Promise.allSettled([
      batchedGet(mocked, { tableName: 'a', key: { id: '1' } }),
      batchedGet(mocked, { tableName: 'b', key: { id: '2' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
