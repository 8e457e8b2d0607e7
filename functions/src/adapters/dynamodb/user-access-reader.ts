import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { UserAccessReader } from '../../domain/users/access-gate.js';

const accessFieldsSchema = z.object({ isWhitelisted: z.boolean(), admittedAt: z.number().optional() });

/**
 * The gate's one read: the two fields of the caller's record that decide their access, by key
 * (every function may get items of the users table, nothing more).
 */
export function createUserAccessReader(db: DynamoDBDocumentClient, tableName: string): UserAccessReader {
  return {
    async accessFields(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId },
          ProjectionExpression: 'isWhitelisted, admittedAt',
        }),
      );
      return Item ? accessFieldsSchema.parse(Item) : undefined;
    },
  };
}
