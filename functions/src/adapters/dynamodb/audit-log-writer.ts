import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditLogStore, StoredAuditRecord } from '../../domain/audit/audit.js';
import { storedAuditRecordSchema } from './audit-log-reader.js';
import { isConditionalCheckFailed } from './document-client.js';

/**
 * The audit table (scope, seq) for writers: the head of a chain (the highest seq, read
 * consistently) and a put that never overwrites. Writers are granted Query and PutItem only.
 */
export function createAuditLogWriter(db: DynamoDBDocumentClient, tableName: string): AuditLogStore {
  return {
    async head(scope) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#scope = :scope',
          ExpressionAttributeNames: { '#scope': 'scope' },
          ExpressionAttributeValues: { ':scope': scope },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const item = Items?.[0];
      return item ? storedAuditRecordSchema.parse(item) : undefined;
    },

    async append(record: StoredAuditRecord) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: record,
            ConditionExpression: 'attribute_not_exists(seq)',
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
