import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { LEASE_SHARDS, type ReplyLeases } from '../../domain/chat/reply-lease.js';
import { messageRecordSchema } from '../../domain/conversations/message.js';
import { heldReservationSchema } from '../../domain/limits/reservation-holder.js';
import { isConditionalCheckFailed } from './document-client.js';
import { MESSAGE_LEASE_INDEX } from './table-definitions.js';
import { updateExpression } from './update-expression.js';

const reservationsOf = z.object({ reservations: z.record(z.string(), heldReservationSchema).optional() });

/**
 * Streaming replies' leases in the messages table (domain/chat/reply-lease.ts): a reply holds its
 * model calls' open reservations in its `reservations` map, and is in the `byLease` index (by
 * `leaseShard`) until its last write, or the sweep's, removes the lease.
 */
export function createReplyLeases(db: DynamoDBDocumentClient, tableName: string): ReplyLeases {
  return {
    async hold(conversationId, messageId, id, reservation) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { conversationId, messageId },
          UpdateExpression: 'SET reservations.#id = :reservation',
          ConditionExpression: '#status = :streaming AND attribute_exists(reservations)',
          ExpressionAttributeNames: { '#id': id, '#status': 'status' },
          ExpressionAttributeValues: { ':reservation': reservation, ':streaming': 'streaming' },
        }),
      );
    },

    async release(conversationId, messageId, id) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { conversationId, messageId },
            UpdateExpression: 'REMOVE reservations.#id',
            ConditionExpression: 'attribute_exists(reservations.#id)',
            ExpressionAttributeNames: { '#id': id },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async expired(now, limit) {
      const shards = Array.from({ length: LEASE_SHARDS }, (_, shard) => `lease#${shard}`);
      const pages = await Promise.all(
        shards.map((shard) =>
          db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: MESSAGE_LEASE_INDEX,
              KeyConditionExpression: 'leaseShard = :shard AND leaseExpiresAt < :now',
              ExpressionAttributeValues: { ':shard': shard, ':now': now },
              Limit: limit,
            }),
          ),
        ),
      );
      return pages.flatMap(({ Items = [] }) => Items.map((item) => messageRecordSchema.parse(item)));
    },

    async claim(record, changes) {
      const update = updateExpression({
        ...changes,
        leaseExpiresAt: null,
        leaseShard: null,
        reservations: null,
      });
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { conversationId: record.conversationId, messageId: record.messageId },
            ...update,
            ConditionExpression: '#status = :streaming AND #leaseExpiresAt = :seen',
            ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#status': 'status' },
            ExpressionAttributeValues: {
              ...update.ExpressionAttributeValues,
              ':streaming': 'streaming',
              ':seen': record.leaseExpiresAt,
            },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return reservationsOf.parse(Attributes ?? {}).reservations ?? {};
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },
  };
}
