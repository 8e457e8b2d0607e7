import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LimitSlots } from '../../domain/mcp/mcp-server.js';
import { isConditionalCheckFailed } from './document-client.js';

/**
 * Limit slots as items of the usage table (`<prefix>#<n>`, holder in `holder`): taking one is a Put
 * that only succeeds where the item does not exist, so two requests can never take the same slot.
 */
/** A slot is taken before its holder becomes active: only an older one with an inactive holder is stale. */
export const RECLAIM_AFTER_MS = 5 * 60_000;

export function createLimitSlots(
  db: DynamoDBDocumentClient,
  tableName: string,
  prefix: string,
  now: () => number = Date.now,
): LimitSlots {
  const period = (slot: number) => `${prefix}#${slot}`;
  const held = async (userId: string) => {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'userId = :user AND begins_with(period, :prefix)',
        ExpressionAttributeValues: { ':user': userId, ':prefix': `${prefix}#` },
        ConsistentRead: true,
      }),
    );
    return (Items ?? []).map((item) => ({
      period: item.period as string,
      holder: item.holder as string,
      takenAt: Number(item.takenAt ?? 0),
    }));
  };
  const remove = async (userId: string, slot: { period: string; holder: string }) => {
    try {
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { userId, period: slot.period },
          ConditionExpression: 'holder = :holder',
          ExpressionAttributeValues: { ':holder': slot.holder },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  };
  const put = async (userId: string, slot: number, holder: string) => {
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { userId, period: period(slot), holder, takenAt: now() },
          ConditionExpression: 'attribute_not_exists(period)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  };

  return {
    async take(userId, holder, limit, isActive) {
      const current = await held(userId);
      if (current.some((slot) => slot.holder === holder)) return true;
      for (const slot of current) {
        const stale = now() - slot.takenAt > RECLAIM_AFTER_MS && !(await isActive(slot.holder));
        if (stale) await remove(userId, slot);
      }
      for (let slot = 0; slot < limit; slot++) {
        if (await put(userId, slot, holder)) return true;
      }
      return false;
    },
    async release(userId, holder) {
      for (const slot of await held(userId)) if (slot.holder === holder) await remove(userId, slot);
    },
  };
}
