import { accountDeletionJobSchema } from '@agentforge/shared';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import * as zm from 'zod/mini';
import type { DeletionJobStore, StoredDeletionJob } from '../../domain/users/account-deletion-job.js';
import { DELETION_JOB_KEY_PREFIX } from './table-definitions.js';

/**
 * Account deletion jobs: one item per person in the billing table, `userId =
 * account-deletion#<userId>`. Not the person's own key, so erasing their items leaves the job to
 * say how it ended; the tombstones' TTL removes it. On AWS the table's stream invokes the account
 * function when a job is written `queued` (lib/constructs: the event source's filter): that write
 * is what starts the job.
 */

/** Two days, as the tombstones: the page that asked reads how it ended, then it goes. */
const JOB_TTL_SECONDS = 2 * 24 * 60 * 60;

const storedSchema = zm.extend(accountDeletionJobSchema, {
  userId: z.string(),
  email: z.string(),
  username: z.string().optional(),
});

export function createAccountDeletionJobStore(
  db: DynamoDBDocumentClient,
  billingTable: string,
): DeletionJobStore {
  return {
    async get(userId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: billingTable, Key: { userId: `${DELETION_JOB_KEY_PREFIX}${userId}` } }),
      );
      if (!Item) return undefined;
      const { jobOf, ...job } = Item;
      return storedSchema.parse({ ...job, userId: jobOf }) as StoredDeletionJob;
    },
    async save({ userId, ...job }) {
      await db.send(
        new PutCommand({
          TableName: billingTable,
          Item: {
            ...job,
            userId: `${DELETION_JOB_KEY_PREFIX}${userId}`,
            jobOf: userId,
            expiresAt: Math.floor(Date.parse(job.updatedAt) / 1000) + JOB_TTL_SECONDS,
          },
        }),
      );
    },
  };
}
