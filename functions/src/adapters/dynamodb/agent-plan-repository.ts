import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AgentPlanRepository } from '../../domain/agent/plan-record.js';
import { createAgentPlanVersions, fromItem, planItem as item } from './agent-plan-versions.js';
import { deletePartition, putNew } from './table-ops.js';

/** Plans by conversation (`conversationId`, `planId`); every write after the first is conditional on `version`. */
export function createAgentPlanRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): AgentPlanRepository {
  return {
    ...createAgentPlanVersions(db, tableName),
    create: (plan) => putNew(db, tableName, item(plan), 'planId'),

    async list(conversationId, limit) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'conversationId = :c',
          ExpressionAttributeValues: { ':c': conversationId },
          ScanIndexForward: false,
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map((found) => fromItem.parse(found));
    },

    deleteAll: (conversationId) =>
      deletePartition(db, { tableName, partitionKey: 'conversationId', sortKey: 'planId' }, conversationId),
  };
}
