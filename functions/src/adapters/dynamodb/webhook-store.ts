import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { automationKey, storedAutomationSchema } from '../../domain/automations/automation.js';
import type { WebhookStore } from '../../domain/automations/webhook.js';
import { isConditionalCheckFailed } from './document-client.js';
import { AUTOMATION_WEBHOOK_INDEX } from './table-definitions.js';
import { getItem } from './table-ops.js';

/** A minute's counter outlives its minute by this long, then DynamoDB's TTL removes it. */
const COUNTER_TTL_SECONDS = 600;

/**
 * The webhook route's reads of the automations table: the sparse byWebhook index finds the owner
 * from the id alone (an index read, eventually consistent: a webhook made a moment ago may answer
 * 404 for about a second), then the item itself is read consistently (a rotated secret or a pause
 * counts at once). Calls are counted per automation and minute in its owner's partition
 * (`hook-calls#<id>#<minute>`), so an account's deletion takes them along.
 */
export function createWebhookStore(db: DynamoDBDocumentClient, tableName: string): WebhookStore {
  return {
    async findWebhook(automationId) {
      const found = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: AUTOMATION_WEBHOOK_INDEX,
          KeyConditionExpression: 'webhookId = :id',
          ExpressionAttributeValues: { ':id': automationId },
          ProjectionExpression: 'userId',
          Limit: 1,
        }),
      );
      const ownerId = found.Items?.[0]?.userId;
      if (typeof ownerId !== 'string') return undefined;
      const automation = await getItem(
        db,
        { tableName, key: { userId: ownerId, key: automationKey(automationId) }, consistent: true },
        storedAutomationSchema,
      );
      return automation?.trigger.type === 'webhook' ? automation : undefined;
    },

    async countCall(ownerId, automationId, now, limit) {
      const minute = Math.floor(now / 60_000);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: `hook-calls#${automationId}#${minute}` },
            UpdateExpression: 'ADD calls :one SET expiresAt = if_not_exists(expiresAt, :expires)',
            ConditionExpression: 'attribute_not_exists(calls) OR calls < :limit',
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit,
              ':expires': (minute + 1) * 60 + COUNTER_TTL_SECONDS,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
