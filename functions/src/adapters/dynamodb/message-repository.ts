import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { type MessageRepository, messageRecordSchema } from '../../domain/conversations/message.js';
import { isConditionalCheckFailed } from './document-client.js';
import { deletePartition, queryAll } from './table-ops.js';
import { updateExpression } from './update-expression.js';

const treeNodeSchema = z.object({ messageId: z.string(), parentId: z.string().nullable().optional() });
/** BatchGetItem's most keys per request. */
const BATCH_GET_KEYS = 100;
/** Rounds of a batch's unprocessed keys read again before giving up (DynamoDB throttling). */
const BATCH_GET_ATTEMPTS = 5;

export function createMessageRepository(db: DynamoDBDocumentClient, tableName: string): MessageRepository {
  return {
    async create(record) {
      await db.send(new PutCommand({ TableName: tableName, Item: record }));
    },

    async get(conversationId, messageId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { conversationId, messageId } }),
      );
      return Item ? messageRecordSchema.parse(Item) : undefined;
    },

    listAll: (conversationId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'conversationId = :id',
          ExpressionAttributeValues: { ':id': conversationId },
          // A message saved just before the stream that answers it is part of its history.
          ConsistentRead: true,
        },
        messageRecordSchema,
      ),

    listTree: (conversationId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'conversationId = :id',
          ExpressionAttributeValues: { ':id': conversationId },
          ProjectionExpression: 'messageId, parentId',
          ConsistentRead: true,
        },
        treeNodeSchema,
      ),

    async getMany(conversationId, messageIds) {
      const found = new Map<string, z.infer<typeof messageRecordSchema>>();
      for (let at = 0; at < messageIds.length; at += BATCH_GET_KEYS) {
        let keys: Record<string, unknown>[] | undefined = messageIds
          .slice(at, at + BATCH_GET_KEYS)
          .map((messageId) => ({ conversationId, messageId }));
        for (let attempt = 0; keys?.length; attempt += 1) {
          if (attempt === BATCH_GET_ATTEMPTS) throw new Error('Messages could not be read: try again');
          const result: BatchGetCommandOutput = await db.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
          );
          for (const item of result.Responses?.[tableName] ?? []) {
            const record = messageRecordSchema.parse(item);
            found.set(record.messageId, record);
          }
          keys = result.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return messageIds.flatMap((id) => {
        const record = found.get(id);
        return record ? [record] : [];
      });
    },

    async update(conversationId, messageId, changes) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { conversationId, messageId },
          ...updateExpression(changes),
        }),
      );
    },

    async saveProgress(conversationId, messageId, changes) {
      const update = updateExpression(changes);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { conversationId, messageId },
            ...update,
            ConditionExpression:
              'attribute_exists(messageId) AND attribute_not_exists(stopRequested) AND #status = :streaming',
            ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#status': 'status' },
            ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':streaming': 'streaming' },
          }),
        );
        return { status: 'saved' };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        // Rare: read why (a stop, the conversation deleted, or the sweep ended the reply).
        const current = await this.get(conversationId, messageId);
        if (!current) return { status: 'gone' };
        if (current.status !== 'streaming') return { status: 'interrupted' };
        return {
          status: 'stop-requested',
          ...(current.stopAt !== undefined ? { stopAt: current.stopAt } : {}),
        };
      }
    },

    async finish(conversationId, messageId, changes) {
      // The last write ends the lease: the reply leaves the sweep's index.
      const update = updateExpression({
        ...changes,
        leaseExpiresAt: null,
        leaseShard: null,
        reservations: null,
      });
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { conversationId, messageId },
            ...update,
            ConditionExpression: 'attribute_exists(messageId) AND #status = :streaming',
            ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#status': 'status' },
            ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':streaming': 'streaming' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async requestStop(conversationId, messageId, shownChars) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { conversationId, messageId },
          UpdateExpression: `SET stopRequested = :yes${shownChars === undefined ? '' : ', stopAt = :at'}`,
          ConditionExpression: 'attribute_exists(messageId)',
          ExpressionAttributeValues: {
            ':yes': true,
            ...(shownChars === undefined ? {} : { ':at': shownChars }),
          },
        }),
      );
    },

    async claimApproval(conversationId, messageId, { toolCallId, decision, decidedAt, lease }) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { conversationId, messageId },
            UpdateExpression:
              'SET toolApproval.#state = :decision, toolApproval.decidedAt = :at, #status = :streaming, ' +
              'leaseExpiresAt = :expires, leaseShard = :shard, reservations = :reservations ' +
              'REMOVE stopRequested, stopAt',
            ConditionExpression:
              'toolApproval.#state = :pending AND toolApproval.toolCallId = :call AND #status = :complete',
            ExpressionAttributeNames: { '#state': 'state', '#status': 'status' },
            ExpressionAttributeValues: {
              ':decision': decision,
              ':at': decidedAt,
              ':streaming': 'streaming',
              ':expires': lease.leaseExpiresAt,
              ':shard': lease.leaseShard,
              ':reservations': lease.reservations,
              ':pending': 'pending',
              ':call': toolCallId,
              ':complete': 'complete',
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    deleteAll: (conversationId) =>
      deletePartition(
        db,
        { tableName, partitionKey: 'conversationId', sortKey: 'messageId' },
        conversationId,
      ),
  };
}
