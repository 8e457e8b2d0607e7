import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { StreamPassReader } from '../../domain/users/access-gate.js';
import { getItem } from './table-ops.js';

/**
 * The streams' pass: one item per person in the billing table, `userId = stream-access#<userId>`,
 * with `granted` (the user check found them let in on a waitlist stage) or a deleted account's
 * tombstone (`deletedAt`, and `expiresAt` for DynamoDB's TTL). It lives there for the reason "my
 * teams" does (my-teams.ts): the stream roles may get items of the billing table, and their policy
 * has no room for the users table. Cognito subs never look like that key, and it has no
 * stripeCustomerId, so the byCustomer index skips it.
 */
const STREAM_PASS_KEY_PREFIX = 'stream-access#';

const passSchema = z.object({ granted: z.boolean().optional(), deletedAt: z.number().optional() });
export const streamPassKey = (userId: string) => ({ userId: `${STREAM_PASS_KEY_PREFIX}${userId}` });

export function createStreamPassReader(db: DynamoDBDocumentClient, billingTable: string): StreamPassReader {
  return {
    passOf: (userId) =>
      getItem(
        db,
        // Read as the reply's memory item is (consistent, whole: the pass is a few bytes), so the
        // two gets of the billing table go in the stream's one BatchGetItem (get-batcher.ts); a
        // request names a table with one consistency and projection. Consistent also sees a
        // tombstone written a moment ago.
        { tableName: billingTable, key: streamPassKey(userId), consistent: true },
        passSchema,
      ),
  };
}
