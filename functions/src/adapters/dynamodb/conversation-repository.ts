import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  paginateQuery,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  type ConversationRecord,
  type ConversationRepository,
  conversationRecordSchema,
} from '../../domain/conversations/conversation.js';
import { isConditionalCheckFailed } from './document-client.js';
import { updateExpression } from './update-expression.js';

export function createConversationRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): ConversationRepository {
  return {
    async create(record) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: record,
          ConditionExpression: 'attribute_not_exists(conversationId)',
        }),
      );
    },

    async get(userId, conversationId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { userId, conversationId } }),
      );
      return Item ? conversationRecordSchema.parse(Item) : undefined;
    },

    async listByUser(userId) {
      const records: ConversationRecord[] = [];
      const pages = paginateQuery(
        { client: db },
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :userId',
          ExpressionAttributeValues: { ':userId': userId },
        },
      );
      for await (const page of pages) {
        for (const item of page.Items ?? []) records.push(conversationRecordSchema.parse(item));
      }
      return records;
    },

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

    async delete(userId, conversationId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId, conversationId } }));
    },
  };
}
