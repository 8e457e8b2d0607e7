import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  type AgentPlanRecord,
  type AgentPlanRepository,
  agentPlanRecordSchema,
} from '../../domain/agent/plan-record.js';
import { isConditionalCheckFailed } from './document-client.js';
import { deletePartition, getItem, putNew } from './table-ops.js';

/** The stored item keys the plan by `planId`; the API calls it `id`. */
const fromItem = z.preprocess((found) => {
  const { planId, ...rest } = found as Record<string, unknown>;
  return { ...rest, id: planId };
}, agentPlanRecordSchema);

/** Plans by conversation (`conversationId`, `planId`); every write after the first is conditional on `version`. */
export function createAgentPlanRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): AgentPlanRepository {
  const item = ({ id, ...plan }: AgentPlanRecord) => ({ ...plan, planId: id });

  return {
    create: (plan) => putNew(db, tableName, item(plan), 'planId'),

    get: (conversationId, planId) =>
      getItem(db, { tableName, key: { conversationId, planId }, consistent: true }, fromItem),

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

    async replace(plan, expectedVersion) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: item(plan),
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    deleteAll: (conversationId) =>
      deletePartition(db, { tableName, partitionKey: 'conversationId', sortKey: 'planId' }, conversationId),
  };
}
