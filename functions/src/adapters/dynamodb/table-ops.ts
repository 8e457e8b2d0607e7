import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  paginateQuery,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { batchedGet, type GetInput } from './get-batcher.js';

/** Every item a query matches, page after page, each parsed (not cast) on the way out. */
export async function queryAll<T>(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
  schema: z.core.$ZodType<T>,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client: db }, input)) {
    for (const item of page.Items ?? []) items.push(z.parse(schema, item));
  }
  return items;
}

/** Writes a new item; fails (ConditionalCheckFailed) if one with its `idAttribute` exists. */
export async function putNew(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  idAttribute: string,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: item,
      ConditionExpression: `attribute_not_exists(${idAttribute})`,
    }),
  );
}

/** One item by its key, parsed, or undefined (batched with the gets asked alongside: get-batcher.ts). */
export async function getItem<T>(
  db: DynamoDBDocumentClient,
  input: GetInput,
  schema: z.core.$ZodType<T>,
): Promise<T | undefined> {
  const item = await batchedGet(db, input);
  return item ? z.parse(schema, item) : undefined;
}

const BATCH_WRITE_LIMIT = 25;
/** A batch's unprocessed writes are sent again at most this often (with backoff), then it fails. */
export const MAX_BATCH_WRITE_ATTEMPTS = 5;
const backoffMs = (attempt: number) => 50 * 2 ** attempt;

/**
 * Deletes every item of one partition (a conversation's messages or plans), or those from a sort
 * key on (`fromSortKey`, inclusive), 25 at a time.
 */
export async function deletePartition(
  db: DynamoDBDocumentClient,
  table: { tableName: string; partitionKey: string; sortKey: string },
  partitionValue: string,
  fromSortKey?: string,
): Promise<void> {
  const { tableName, partitionKey, sortKey } = table;
  const pages = paginateQuery(
    { client: db },
    {
      TableName: tableName,
      KeyConditionExpression: fromSortKey === undefined ? '#pk = :pk' : '#pk = :pk AND #sk >= :from',
      ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
      ExpressionAttributeValues: {
        ':pk': partitionValue,
        ...(fromSortKey === undefined ? {} : { ':from': fromSortKey }),
      },
      ProjectionExpression: '#pk, #sk',
    },
  );
  for await (const page of pages) {
    const keys = page.Items ?? [];
    await batchWriteAll(
      db,
      tableName,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
      `${partitionKey} ${partitionValue}`,
    );
  }
}

/**
 * Puts and deletes, 25 to a BatchWrite; what DynamoDB leaves unprocessed under load is sent again
 * with a backoff, a few times, then it fails (naming `what`).
 */
export async function batchWriteAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  writes: readonly (
    | { DeleteRequest: { Key: Record<string, unknown> } }
    | { PutRequest: { Item: Record<string, unknown> } }
  )[],
  what: string,
): Promise<void> {
  for (let start = 0; start < writes.length; start += BATCH_WRITE_LIMIT) {
    let requests = writes.slice(start, start + BATCH_WRITE_LIMIT);
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > MAX_BATCH_WRITE_ATTEMPTS) {
        throw new Error(
          `${requests.length} ${requests[0] && 'DeleteRequest' in requests[0] ? 'deletes' : 'writes'} in ${tableName} (${what}) were still unprocessed after ${MAX_BATCH_WRITE_ATTEMPTS} attempts`,
        );
      }
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt - 1)));
      const { UnprocessedItems } = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: [...requests] } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}
