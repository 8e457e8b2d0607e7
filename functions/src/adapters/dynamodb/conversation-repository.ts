import { DeleteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  type ConversationRepository,
  conversationRecordSchema,
} from '../../domain/conversations/conversation.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, putNew, queryAll } from './table-ops.js';
import { updateExpression } from './update-expression.js';

/** The sparse GSI of shared conversations (table-definitions.ts). */
const SHARED_INDEX = 'bySharedTeam';
const sharedKeySchema = z.object({ userId: z.string(), conversationId: z.string() });

export function createConversationRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): ConversationRepository {
  return {
    create: (record) => putNew(db, tableName, record, 'conversationId'),

    // Consistent: the branch shown (activeLeafId), written by an edit just before its stream reads it.
    get: (userId, conversationId) =>
      getItem(db, { tableName, key: { userId, conversationId }, consistent: true }, conversationRecordSchema),

    listByUser: (userId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :userId',
          ExpressionAttributeValues: { ':userId': userId },
        },
        conversationRecordSchema,
      ),

    async update(userId, conversationId, changes) {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, conversationId },
            ...updateExpression(changes),
            ConditionExpression: 'attribute_exists(conversationId)',
            ReturnValues: 'ALL_NEW',
          }),
        );
        return conversationRecordSchema.parse(Attributes);
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    async retitle(userId, conversationId, title, expected) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, conversationId },
            UpdateExpression: 'SET #title = :title, #name = :title',
            ConditionExpression: '#title = :expected',
            ExpressionAttributeNames: { '#title': 'title', '#name': 'name' },
            ExpressionAttributeValues: { ':title': title, ':expected': expected },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async delete(userId, conversationId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId, conversationId } }));
    },

    async findShared(teamId, conversationId) {
      const [indexed] = await queryAll(
        db,
        {
          TableName: tableName,
          IndexName: SHARED_INDEX,
          KeyConditionExpression: 'sharedWithTeamId = :team AND conversationId = :id',
          ExpressionAttributeValues: { ':team': teamId, ':id': conversationId },
        },
        sharedKeySchema,
      );
      if (!indexed) return undefined;
      // The index is eventually consistent: the table says whether it is still shared, and with whom.
      const record = await getItem(
        db,
        { tableName, key: { userId: indexed.userId, conversationId }, consistent: true },
        conversationRecordSchema,
      );
      return record?.sharedWithTeamId === teamId ? record : undefined;
    },

    listSharedWith: (teamId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          IndexName: SHARED_INDEX,
          KeyConditionExpression: 'sharedWithTeamId = :team',
          ExpressionAttributeValues: { ':team': teamId },
        },
        conversationRecordSchema,
      ),
  };
}
