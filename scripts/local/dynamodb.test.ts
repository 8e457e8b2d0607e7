import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGE_LEASE_INDEX } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import { startLocalDynamo } from './dynamodb.js';

const dir = await mkdtemp(join(tmpdir(), 'agentforge-dynamo-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const clientOf = (endpoint: string) =>
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });

describe('the local DynamoDB on an older data directory', () => {
  it('rebuilds a table that lacks an index the definitions now have, keeping its items', async () => {
    const path = join(dir, 'db');
    const first = await startLocalDynamo({ path, port: 0, tablePrefix: 'local' });
    const name = first.tableNames.messages;
    const client = clientOf(first.endpoint);
    // The messages table as it was before its lease index.
    await client.send(new DeleteTableCommand({ TableName: name }));
    // Deleting and creating take a moment (as on AWS): the next step waits for each.
    await waitUntilTableNotExists(
      { client, maxWaitTime: 30, minDelay: 0.1, maxDelay: 0.5 },
      { TableName: name },
    );
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'conversationId', AttributeType: 'S' },
          { AttributeName: 'messageId', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'conversationId', KeyType: 'HASH' },
          { AttributeName: 'messageId', KeyType: 'RANGE' },
        ],
      }),
    );
    await waitUntilTableExists(
      { client, maxWaitTime: 30, minDelay: 0.1, maxDelay: 0.5 },
      { TableName: name },
    );
    const key = { conversationId: { S: 'c1' }, messageId: { S: 'm1' } };
    await client.send(new PutItemCommand({ TableName: name, Item: { ...key, content: { S: 'kept' } } }));
    client.destroy();
    await first.stop();

    const second = await startLocalDynamo({ path, port: 0, tablePrefix: 'local' });
    const reopened = clientOf(second.endpoint);
    const { Table } = await reopened.send(new DescribeTableCommand({ TableName: name }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual([MESSAGE_LEASE_INDEX]);
    const { Item } = await reopened.send(new GetItemCommand({ TableName: name, Key: key }));
    expect(Item?.content).toEqual({ S: 'kept' });
    reopened.destroy();
    await second.stop();
  }, 60_000);
});
