import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type PlanSource, planFromBilling } from '../../domain/limits/plan.js';

/**
 * The user's plan from their billing record (billing table, key userId: `tier`, `status`,
 * `overageCapUsd`, written by the billing sync); no record is Free (see planFromBilling).
 */
export function createPlanLookup(db: DynamoDBDocumentClient, tableName: string): PlanSource {
  return {
    async planOf(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId },
          ProjectionExpression: 'tier, #status, overageCapUsd',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
      );
      return planFromBilling(Item);
    },
  };
}
