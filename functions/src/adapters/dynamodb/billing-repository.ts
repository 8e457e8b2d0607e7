import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '@agentforge/shared';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { BillingRecord, BillingStore } from '../../domain/billing/ports.js';
import { isConditionalCheckFailed } from './document-client.js';

/**
 * The billing table (key userId; GSI byCustomer on stripeCustomerId): one record per user, the
 * attribute names the limits read (tier, status, overageCapUsd) included.
 *
 * Processed webhook events live in the same table under their own partition keys,
 * `stripe-event#<evt id>` (user ids are Cognito subs, never of that form), with `expiresAt` 30 days
 * on: a conditional put records each id once. They carry no stripeCustomerId, so the GSI skips them.
 */
export const EVENT_KEY_PREFIX = 'stripe-event#';
const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

const recordSchema = z.object({
  userId: z.string(),
  tier: z.enum(SUBSCRIPTION_TIERS).catch('free').default('free'),
  status: z.enum(SUBSCRIPTION_STATUSES).catch('active').default('active'),
  stripeCustomerId: z.string().optional(),
  stripeSubscriptionId: z.string().optional(),
  currentPeriodEnd: z.number().optional(),
  cancelAtPeriodEnd: z.boolean().default(false),
  trialEnd: z.number().optional(),
  seats: z.number().default(1),
  overageCapUsd: z.number().optional(),
  syncedAt: z.number().optional(),
  updatedAt: z.number().optional(),
});

export function createBillingRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
): BillingStore {
  return {
    async get(userId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { userId }, ConsistentRead: true }),
      );
      return Item ? (recordSchema.parse(Item) as BillingRecord) : undefined;
    },

    async claimCustomer(userId, customerId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression:
              'SET stripeCustomerId = :customer, tier = if_not_exists(tier, :free), #status = if_not_exists(#status, :active), cancelAtPeriodEnd = if_not_exists(cancelAtPeriodEnd, :no), seats = if_not_exists(seats, :one), updatedAt = :now',
            ConditionExpression: 'attribute_not_exists(stripeCustomerId)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':customer': customerId,
              ':free': 'free',
              ':active': 'active',
              ':no': false,
              ':one': 1,
              ':now': now(),
            },
          }),
        );
        return customerId;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const { Item } = await db.send(
          new GetCommand({ TableName: tableName, Key: { userId }, ConsistentRead: true }),
        );
        return String(Item?.stripeCustomerId);
      }
    },

    async userIdByCustomer(customerId) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'byCustomer',
          KeyConditionExpression: 'stripeCustomerId = :customer',
          ExpressionAttributeValues: { ':customer': customerId },
          Limit: 1,
        }),
      );
      const userId = Items?.[0]?.userId;
      return typeof userId === 'string' ? userId : undefined;
    },

    async writeSubscription(userId, customerId, state, readAt) {
      const values: Record<string, unknown> = {
        ':customer': customerId,
        ':tier': state.tier,
        ':status': state.status,
        ':cancel': state.cancelAtPeriodEnd,
        ':seats': state.seats,
        ':readAt': readAt,
        ':now': now(),
      };
      const set = [
        'stripeCustomerId = :customer',
        'tier = :tier',
        '#status = :status',
        'cancelAtPeriodEnd = :cancel',
        'seats = :seats',
        'syncedAt = :readAt',
        'updatedAt = :now',
      ];
      const remove: string[] = [];
      for (const name of ['stripeSubscriptionId', 'currentPeriodEnd', 'trialEnd'] as const) {
        const value = state[name];
        if (value === undefined) remove.push(name);
        else {
          set.push(`${name} = :${name}`);
          values[`:${name}`] = value;
        }
      }
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
            // An older Stripe read never overwrites a newer one; the record's customer is never swapped.
            ConditionExpression:
              '(attribute_not_exists(syncedAt) OR syncedAt <= :readAt) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async setOverageCap(userId, capUsd) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          UpdateExpression:
            'SET overageCapUsd = :cap, updatedAt = :now, tier = if_not_exists(tier, :free), #status = if_not_exists(#status, :active)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cap': capUsd, ':now': now(), ':free': 'free', ':active': 'active' },
        }),
      );
    },

    async isEventProcessed(eventId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId: `${EVENT_KEY_PREFIX}${eventId}` },
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    async markEventProcessed(eventId, type) {
      const at = now();
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              userId: `${EVENT_KEY_PREFIX}${eventId}`,
              type,
              processedAt: at,
              expiresAt: at + EVENT_RETENTION_MS,
            },
            ConditionExpression: 'attribute_not_exists(userId)',
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
