import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { type ApiKeyRepository, storedApiKeySchema } from '../../domain/api-keys/api-key.js';
import { isConditionalCheckFailed } from './document-client.js';

/** The apiKeys table (userId, keyId); every call is scoped by the caller's userId. */
export function createApiKeyRepository(db: DynamoDBDocumentClient, tableName: string): ApiKeyRepository {
  return {
    async create(record) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: record,
          ConditionExpression: 'attribute_not_exists(keyId)',
        }),
      );
    },

    async get(userId, keyId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { userId, keyId }, ConsistentRead: true }),
      );
      return Item ? storedApiKeySchema.parse(Item) : undefined;
    },

    async list(userId) {
      const records = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'userId = :userId',
            ExpressionAttributeValues: { ':userId': userId },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        records.push(...(page.Items ?? []).map((item) => storedApiKeySchema.parse(item)));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return records;
    },

    async delete(userId, keyId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId, keyId },
            ConditionExpression: 'attribute_exists(keyId)',
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
