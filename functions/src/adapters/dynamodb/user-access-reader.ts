import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { UserStandingReader } from '../../domain/users/access-gate.js';

const standingSchema = z.object({
  isWhitelisted: z.boolean().optional(),
  admittedAt: z.number().optional(),
  deletedAt: z.number().optional(),
});

/**
 * The gate's one read: the fields of the caller's record that decide their access (or its
 * tombstone's `deletedAt`), by key (every function may get items of the users table, nothing more).
 */
export function createUserAccessReader(db: DynamoDBDocumentClient, tableName: string): UserStandingReader {
  return {
    async standingOf(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId },
          ProjectionExpression: 'isWhitelisted, admittedAt, deletedAt',
        }),
      );
      return Item ? standingSchema.parse(Item) : undefined;
    },
  };
}
