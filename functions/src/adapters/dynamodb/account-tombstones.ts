import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { streamPassKey } from './stream-pass.js';

/**
 * A day past the longest an ID token lives (Cognito allows at most 24 hours): by then every token
 * the deleted account held has expired, and DynamoDB's TTL removes the tombstones.
 */
const TOMBSTONE_TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * A deleted account's tombstones (the account function): its users-table record becomes
 * `{userId, deletedAt, expiresAt}`, which the API's gate reads, and its stream pass the same, which
 * the streams' gate reads; both refuse the account's still-valid tokens (401), and nothing is
 * recreated.
 */
export function createAccountTombstones(
  db: DynamoDBDocumentClient,
  tables: { users: string; billing: string },
  now: () => number,
) {
  return {
    async markDeleted(userId: string): Promise<void> {
      const at = now();
      const tombstone = { deletedAt: at, expiresAt: Math.floor(at / 1000) + TOMBSTONE_TTL_SECONDS };
      await db.send(new PutCommand({ TableName: tables.users, Item: { userId, ...tombstone } }));
      await db.send(
        new PutCommand({ TableName: tables.billing, Item: { ...streamPassKey(userId), ...tombstone } }),
      );
    },
  };
}
