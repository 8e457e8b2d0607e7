import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { UsageReader } from '../../domain/billing/ports.js';
import { dayPeriod } from '../../domain/limits/usage-account.js';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const BATCH_GET_LIMIT = 100;

/**
 * Reads the usage table for the subscription views (the writers are the chat, the limits and the
 * reaper): an account's days (`used`, the tokens the limits counted, and `ownKeyTokens`; not the
 * user's day's `inputTokens`/`outputTokens`, every reply's provider usage in any space),
 * `compute#YYYY-MM` (`minutes`), `overage#YYYY-MM` (`tokens`) and the held `server-slot#<n>` items
 * (running servers).
 */
export function createUsageHistoryReader(db: DynamoDBDocumentClient, tableName: string): UsageReader {
  const getNumber = async (userId: string, period: string, attribute: string) => {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, period } }));
    return num(Item?.[attribute]);
  };
  return {
    async dailyTokens(account, dates) {
      const byPeriod = new Map<string, Record<string, unknown>>();
      for (let start = 0; start < dates.length; start += BATCH_GET_LIMIT) {
        let keys: Record<string, unknown>[] = dates
          .slice(start, start + BATCH_GET_LIMIT)
          .map((date) => ({ userId: account.ownerId, period: dayPeriod(account, date) }));
        for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
          const { Responses, UnprocessedKeys } = await db.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }),
          );
          for (const item of Responses?.[tableName] ?? []) byPeriod.set(String(item.period), item);
          keys = UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      }
      return dates.map((date) => {
        const item = byPeriod.get(dayPeriod(account, date));
        return { date, tokens: num(item?.used), ownKeyTokens: num(item?.ownKeyTokens) };
      });
    },
    computeMinutes: (userId, month) => getNumber(userId, `compute#${month}`, 'minutes'),
    overageTokens: (userId, month) => getNumber(userId, `overage#${month}`, 'tokens'),
    async activeServers(userId) {
      const { Count } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'userId = :user AND begins_with(period, :prefix)',
          ExpressionAttributeValues: { ':user': userId, ':prefix': 'server-slot#' },
          Select: 'COUNT',
        }),
      );
      return Count ?? 0;
    },
  };
}
