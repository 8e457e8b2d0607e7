import { type DynamoDBDocumentClient, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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
