import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OverageQueue, PendingOverage } from '../../domain/billing/ports.js';
import { isConditionalCheckFailed } from './document-client.js';

/** The `meterPending` value of an overage row not yet reported (the sparse index's one partition). */
export const METER_PENDING = 'overage';
const INDEX = 'meterPending';

/**
 * The overage rows of the usage table (token-ledger.ts) waiting for the meter: a sparse index
 * holds only rows with `meterPending`, so the reporter reads what is due, never the whole table.
 * Settling removes the attribute (the row leaves the index) and keeps the row as the record.
 */
export function createOverageQueue(db: DynamoDBDocumentClient, tableName: string): OverageQueue {
  return {
    async pending(limit) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEX,
          KeyConditionExpression: 'meterPending = :pending',
          ExpressionAttributeValues: { ':pending': METER_PENDING },
          Limit: limit,
        }),
      );
      return Items.map(
        (item): PendingOverage => ({
          userId: String(item.userId),
          period: String(item.period),
          id: String(item.period).split('#').at(-1) ?? '',
          tokens: Number(item.tokens),
          at: Number(item.at),
        }),
      );
    },

    async settle(row, outcome) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: row.userId, period: row.period },
            UpdateExpression: 'REMOVE meterPending SET meterOutcome = :outcome, meterSettledAt = :now',
            ConditionExpression: 'meterPending = :pending',
            ExpressionAttributeValues: { ':outcome': outcome, ':now': Date.now(), ':pending': METER_PENDING },
          }),
        );
      } catch (error) {
        // Settled already by an overlapping run: the meter event's identifier kept it once.
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}
