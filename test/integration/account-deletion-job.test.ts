import { ACCOUNT_DELETION_STEPS } from '@agentforge/shared';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import { apiAs, completeOnboarding } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

const CONVERSATIONS = 120;
const MESSAGES_PER_CONVERSATION = 10;

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());

const db = () => createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
const table = (id: TableId) => stack.dynamodb.tableNames[id];
const userIdOf = (user: { idToken: string }): string =>
  JSON.parse(Buffer.from(user.idToken.split('.')[1] as string, 'base64url').toString()).sub as string;

async function writeAll(tableId: TableId, items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db().send(new BatchWriteCommand({ RequestItems: { [table(tableId)]: batch } }));
  }
}

async function count(tableId: TableId, key: string, value: string) {
  const { Count = 0 } = await db().send(
    new QueryCommand({
      TableName: table(tableId),
      KeyConditionExpression: '#k = :v',
      ExpressionAttributeNames: { '#k': key },
      ExpressionAttributeValues: { ':v': value },
      Select: 'COUNT',
    }),
  );
  return Count;
}

/** A user with many conversations and messages: one of each made through the API, then copies. */
async function heavyUser() {
  const user = await signUpAndSignIn();
  await completeOnboarding(stack.apiUrl, user);
  const api = apiAs(stack.apiUrl, user.idToken);
  const at = Date.now();
  const created = await api.post('/conversations', {
    title: 'Heavy',
    name: 'Heavy',
    messages: [],
    createdAt: at,
    updatedAt: at,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const conversationId = created.body.id as string;
  const message = { conversationId, content: 'hello', role: 'user', provider: 'anthropic' };
  expect((await api.post('/messages', { ...message, model: 'claude-3-haiku-20240307' })).status).toBe(201);
  const userId = userIdOf(user);
  const { Item: conversation } = await db().send(
    new GetCommand({ TableName: table('conversations'), Key: { userId, conversationId } }),
  );
  const { Items: [firstMessage] = [] } = await db().send(
    new QueryCommand({
      TableName: table('messages'),
      KeyConditionExpression: 'conversationId = :c',
      ExpressionAttributeValues: { ':c': conversationId },
    }),
  );
  const ids = Array.from({ length: CONVERSATIONS }, (_, i) => `${conversationId}-${i}`);
  await writeAll(
    'conversations',
    ids.map((id) => ({ ...conversation, conversationId: id })),
  );
  await writeAll(
    'messages',
    ids.flatMap((id) =>
      Array.from({ length: MESSAGES_PER_CONVERSATION }, (_, m) => ({
        ...firstMessage,
        conversationId: id,
        messageId: `${String(firstMessage?.messageId)}${String(m).padStart(3, '0')}`,
      })),
    ),
  );
  return { user, api, userId, ids: [conversationId, ...ids] };
}

describe('account deletion as a job', () => {
  it('deletes a user with many conversations and messages apart from the request, its state readable as it goes', async () => {
    const { user, api, userId, ids } = await heavyUser();
    expect(await count('conversations', 'userId', userId)).toBe(CONVERSATIONS + 1);

    const requested = await api.del('/users/me', { confirmEmail: user.email });
    expect(requested.status).toBe(202);
    expect(requested.body).toMatchObject({ state: 'queued', stepsDone: [] });
    // Asked again while it runs: the same job, not a second one.
    const again = await api.del('/users/me', { confirmEmail: user.email });
    expect(again.status).toBe(202);
    expect(again.body.requestedAt).toBe(requested.body.requestedAt);

    const seen: string[] = [];
    let job: Record<string, unknown> = {};
    const deadline = Date.now() + 240_000;
    while (job.state !== 'done' && job.state !== 'failed' && Date.now() < deadline) {
      const read = await api.get('/users/me/deletion');
      expect(read.status).toBe(200);
      job = read.body;
      if (job.state === 'running') seen.push(String(job.step));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ state: 'done', stepsDone: [...ACCOUNT_DELETION_STEPS] });
    // Seen on its way: the long step, between requests.
    expect(seen).toContain('conversations');

    expect(await count('conversations', 'userId', userId)).toBe(0);
    for (const id of [ids[0], ids[1], ids.at(-1)] as string[])
      expect(await count('messages', 'conversationId', id)).toBe(0);
    // Its token is refused everywhere else (the tombstone), but still reads how the job ended.
    expect((await api.get('/users/me')).status).toBe(401);
  }, 300_000);

  it('runs again to done after a failure, whatever the first run deleted (every step safe to repeat)', async () => {
    const { user, api, userId } = await heavyUser();
    await api.del('/users/me', { confirmEmail: user.email });
    const jobKey = { userId: `account-deletion#${userId}` };
    const deadline = Date.now() + 240_000;
    let job: Record<string, unknown> | undefined;
    while (job?.state !== 'done' && Date.now() < deadline) {
      job = (await db().send(new GetCommand({ TableName: table('billing'), Key: jobKey }))).Item;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job?.state).toBe('done');
    const tombstone = (await db().send(new GetCommand({ TableName: table('users'), Key: { userId } }))).Item;

    // As if a run had failed at 'data' (Lambda retries it, or the user asks again): every step again.
    await db().send(
      new PutCommand({
        TableName: table('billing'),
        Item: { ...job, state: 'failed', step: 'data', stepsDone: ACCOUNT_DELETION_STEPS.slice(0, 4) },
      }),
    );
    expect((await api.get('/users/me/deletion')).body).toMatchObject({ state: 'failed', step: 'data' });
    const { accountDeletionJobs } = await import('../../functions/src/composition/account.js');
    await accountDeletionJobs().run(userId);
    expect((await api.get('/users/me/deletion')).body).toMatchObject({
      state: 'done',
      stepsDone: [...ACCOUNT_DELETION_STEPS],
    });
    expect(await count('conversations', 'userId', userId)).toBe(0);
    const after = (await db().send(new GetCommand({ TableName: table('users'), Key: { userId } }))).Item;
    expect(after).toEqual({ ...tombstone, deletedAt: expect.any(Number), expiresAt: expect.any(Number) });
    expect(Object.keys(after ?? {}).sort()).toEqual(['deletedAt', 'expiresAt', 'userId']);
  }, 300_000);

  it('reads 404 for an account with no deletion under way', async () => {
    const user = await signUpAndSignIn();
    const read = await apiAs(stack.apiUrl, user.idToken).get('/users/me/deletion');
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('Your account has no deletion under way.');
  });
});
