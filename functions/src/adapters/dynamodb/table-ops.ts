import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  paginateQuery,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';

/** Every item a query matches, page after page, each parsed (not cast) on the way out. */
export async function queryAll<T>(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client: db }, input)) {
    for (const item of page.Items ?? []) items.push(schema.parse(item));
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

/** One item by its key, parsed, or undefined. */
export async function getItem<T>(
  db: DynamoDBDocumentClient,
  input: { tableName: string; key: Record<string, unknown>; consistent?: boolean },
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: input.tableName, Key: input.key, ConsistentRead: input.consistent }),
  );
  return Item ? schema.parse(Item) : undefined;
}
