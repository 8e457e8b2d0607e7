import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  type AgentPlanRecord,
  type AgentPlanRepository,
  agentPlanRecordSchema,
} from '../../domain/agent/plan-record.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem } from './table-ops.js';

/** The stored item keys the plan by `planId`; the API calls it `id`. */
export const fromItem = z.preprocess((found) => {
  const { planId, ...rest } = found as Record<string, unknown>;
  return { ...rest, id: planId };
}, agentPlanRecordSchema);

export const planItem = ({ id, ...plan }: AgentPlanRecord) => ({ ...plan, planId: id });

/**
 * A plan read and written back conditionally on its version: all the reply sweep needs to mark a
 * dead run's step interrupted (its role gets GetItem and PutItem on the plans table, no more).
 */
export function createAgentPlanVersions(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<AgentPlanRepository, 'get' | 'replace'> {
  return {
    get: (conversationId, planId) =>
      getItem(db, { tableName, key: { conversationId, planId }, consistent: true }, fromItem),

    async replace(plan, expectedVersion) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: planItem(plan),
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
  };
}
