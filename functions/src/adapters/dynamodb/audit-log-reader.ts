import { auditRecordSchema } from '@agentforge/shared';
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { AuditLogReader } from '../../domain/audit/audit.js';

export const storedAuditRecordSchema = auditRecordSchema.extend({ expiresAt: z.number() }).loose();

/** The audit table (scope, seq) for readers: one scope's records in seq order, a page at a time. */
export function createAuditLogReader(db: DynamoDBDocumentClient, tableName: string): AuditLogReader {
  return {
    async page(scope, { order, afterSeq, limit }) {
      const newest = order === 'newest';
      const bound = afterSeq === undefined ? '' : newest ? ' AND seq < :after' : ' AND seq > :after';
      const { Items, LastEvaluatedKey } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: `#scope = :scope${bound}`,
          ExpressionAttributeNames: { '#scope': 'scope' },
          ExpressionAttributeValues: {
            ':scope': scope,
            ...(afterSeq === undefined ? {} : { ':after': afterSeq }),
          },
          ScanIndexForward: !newest,
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return {
        records: (Items ?? []).map((item) => storedAuditRecordSchema.parse(item)),
        more: LastEvaluatedKey !== undefined,
      };
    },
  };
}
