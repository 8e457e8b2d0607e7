import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageRepository } from './message-repository.js';
import { MAX_BATCH_WRITE_ATTEMPTS } from './table-ops.js';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(DynamoDBDocumentClient);
const TABLE = 'messages';
const keys = [
  { conversationId: 'c1', messageId: 'm1' },
  { conversationId: 'c1', messageId: 'm2' },
];
const unprocessed = (items: typeof keys) => ({
  UnprocessedItems: { [TABLE]: items.map((Key) => ({ DeleteRequest: { Key } })) },
});

beforeEach(() => {
  mock.reset();
  mock.on(QueryCommand).resolves({ Items: keys });
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('message repository deleteAll', () => {
  it('sends the unprocessed deletes again until none is left', async () => {
    mock
      .on(BatchWriteCommand)
      .resolvesOnce(unprocessed(keys))
      .resolvesOnce(unprocessed(keys.slice(1)))
      .resolves({});
    const done = createMessageRepository(db, TABLE).deleteAll('c1');
    await vi.runAllTimersAsync();
    await done;
    const sent = mock.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]);
    expect(sent.map((requests) => requests?.length)).toEqual([2, 2, 1]);
  });

  it(`gives up with a clear error after ${MAX_BATCH_WRITE_ATTEMPTS} attempts that leave writes unprocessed`, async () => {
    mock.on(BatchWriteCommand).resolves(unprocessed(keys));
    const done = createMessageRepository(db, TABLE).deleteAll('c1');
    const failed = expect(done).rejects.toThrow(
      '2 deletes in messages (conversationId c1) were still unprocessed after 5 attempts',
    );
    await vi.runAllTimersAsync();
    await failed;
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(MAX_BATCH_WRITE_ATTEMPTS);
  });
});
