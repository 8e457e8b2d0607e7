import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ApiKeyRepository, storedApiKeySchema } from '../../domain/api-keys/api-key.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, putNew, queryAll } from './table-ops.js';

/** The apiKeys table (userId, keyId); every call is scoped by the caller's userId. */
export function createApiKeyRepository(db: DynamoDBDocumentClient, tableName: string): ApiKeyRepository {
  return {
    create: (record) => putNew(db, tableName, record, 'keyId'),

    get: (userId, keyId) =>
      getItem(db, { tableName, key: { userId, keyId }, consistent: true }, storedApiKeySchema),

    list: (userId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :userId',
          ExpressionAttributeValues: { ':userId': userId },
          ConsistentRead: true,
        },
        storedApiKeySchema,
      ),

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
