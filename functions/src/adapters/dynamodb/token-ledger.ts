import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenLedger } from '../../domain/limits/token-meter.js';
import { dayPeriod, type UsageAccount } from '../../domain/limits/usage-account.js';
import { isConditionalCheckFailed } from './document-client.js';
import { METER_PENDING } from './overage-queue.js';

/**
 * The token counters as usage-table items (key userId, period), under the account's owner (the
 * user, or `team#<teamId>` for usage in a team's space: usage-account.ts):
 * - `tokens#YYYY-MM-DD` (a team member's: `tokens#YYYY-MM-DD#<userId>`): `committed` (settled plus
 *   reserved), `used` (settled, counted against the plan), `ownKeyTokens` (on provider keys, not
 *   counted), beside the user's own day's `inputTokens`, `outputTokens` and `requests` (every
 *   reply's provider usage, usage-repository.ts);
 * - `overage#YYYY-MM`: `tokens`, the month's overage past the daily allowances (paid plans);
 * - `overage#YYYY-MM#<id>`: one row per call that went over (`tokens`, `at`, a team's `memberId`):
 *   the meter reporter's input, billed to the owner's Stripe customer, `<id>` being the idempotent
 *   meter event's identifier; `meterPending` puts it in the sparse index the reporter reads until
 *   it is reported (overage-queue.ts).
 */
export function createTokenLedger(db: DynamoDBDocumentClient, tableName: string): TokenLedger {
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  const dayKey = (account: UsageAccount, day: string) => ({
    userId: account.ownerId,
    period: dayPeriod(account, day),
  });
  const monthKey = (userId: string, month: string) => ({ userId, period: `overage#${month}` });
  return {
    async day(account, day) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: dayKey(account, day), ConsistentRead: true }),
      );
      return { committed: number(Item?.committed), used: number(Item?.used) };
    },

    async monthOverage(userId, month) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: monthKey(userId, month), ConsistentRead: true }),
      );
      return number(Item?.tokens);
    },

    async reserve(account, day, estimate, maxCommittedBefore) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: dayKey(account, day),
            UpdateExpression: 'ADD committed :estimate',
            ConditionExpression: 'attribute_not_exists(committed) OR committed <= :max',
            ExpressionAttributeValues: { ':estimate': estimate, ':max': maxCommittedBefore },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async settle(account, day, { counted, reserved, ownKeyTokens }) {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: dayKey(account, day),
          UpdateExpression: 'ADD used :counted, committed :release, ownKeyTokens :own',
          ExpressionAttributeValues: {
            ':counted': counted,
            ':release': counted - reserved,
            ':own': ownKeyTokens,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return number(Attributes?.used);
    },

    async addOverage(userId, month, { id, tokens, at, memberId }) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            userId,
            period: `overage#${month}#${id}`,
            tokens,
            at,
            ...(memberId ? { memberId } : {}),
            meterPending: METER_PENDING,
          },
        }),
      );
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: monthKey(userId, month),
          UpdateExpression: 'ADD tokens :tokens',
          ExpressionAttributeValues: { ':tokens': tokens },
        }),
      );
    },
  };
}
