import { DeleteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type McpServerRecord,
  type McpServerRepository,
  mcpServerRecordSchema,
} from '../../domain/mcp/mcp-server.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, putNew, queryAll } from './table-ops.js';
import { updateExpression } from './update-expression.js';

const BY_STATUS_INDEX = 'byStatus';

export function createMcpServerRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): McpServerRepository {
  async function query(input: {
    IndexName?: string;
    KeyConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  }): Promise<McpServerRecord[]> {
    return queryAll(db, { TableName: tableName, ...input }, mcpServerRecordSchema);
  }

  return {
    create: (record) => putNew(db, tableName, record, 'serverId'),

    get: (userId, serverId) => getItem(db, { tableName, key: { userId, serverId } }, mcpServerRecordSchema),

    listByUser: (userId) =>
      query({ KeyConditionExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': userId } }),

    listByStatus: (status) =>
      query({
        IndexName: BY_STATUS_INDEX,
        KeyConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      }),

    async update(userId, serverId, changes, expectedStatus) {
      const {
        UpdateExpression,
        ExpressionAttributeNames,
        ExpressionAttributeValues: values = {},
      } = updateExpression(changes);
      const condition = expectedStatus
        ? 'attribute_exists(serverId) AND #expectedStatus = :expectedStatus'
        : 'attribute_exists(serverId)';
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, serverId },
            UpdateExpression,
            ConditionExpression: condition,
            ExpressionAttributeNames: {
              ...ExpressionAttributeNames,
              ...(expectedStatus ? { '#expectedStatus': 'status' } : {}),
            },
            ...(Object.keys(values).length || expectedStatus
              ? {
                  ExpressionAttributeValues: {
                    ...values,
                    ...(expectedStatus ? { ':expectedStatus': expectedStatus } : {}),
                  },
                }
              : {}),
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async clearExternalToken(userId, serverId, tokenHash) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, serverId },
            UpdateExpression: 'REMOVE externalTokenHash, externalTokenIssuer',
            ConditionExpression: 'externalTokenHash = :tokenHash',
            ExpressionAttributeValues: { ':tokenHash': tokenHash },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async delete(userId, serverId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId, serverId } }));
    },
  };
}
