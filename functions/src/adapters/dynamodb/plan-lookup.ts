import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { bestPlan, type PlanSource, planFromBilling } from '../../domain/limits/plan.js';
import { teamOwnerId } from '../../domain/teams/roles.js';

/**
 * The user's plan from their billing record (billing table, key userId: `tier`, `status`,
 * `overageCapUsd`, written by the billing sync); no record is Free (see planFromBilling). With the
 * teams table, a member of a subscribed team is on the team's plan (its billing record is
 * `team#<teamId>`) when that is better than their own: the Teams plan's tokens per member.
 */
export function createPlanLookup(
  db: DynamoDBDocumentClient,
  tableName: string,
  teamsTableName?: string,
): PlanSource {
  const billingOf = async (userId: string) =>
    (
      await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId },
          ProjectionExpression: 'tier, #status, overageCapUsd',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
      )
    ).Item;

  return {
    async planOf(userId) {
      const own = planFromBilling(await billingOf(userId));
      if (!teamsTableName || own.tier === 'teams' || own.tier === 'enterprise') return own;
      const { Items } = await db.send(
        new QueryCommand({
          TableName: teamsTableName,
          IndexName: 'byMember',
          KeyConditionExpression: 'memberUserId = :user',
          ExpressionAttributeValues: { ':user': userId },
          ProjectionExpression: 'teamId',
        }),
      );
      const teamPlans = await Promise.all(
        (Items ?? []).map(async (item) => planFromBilling(await billingOf(teamOwnerId(String(item.teamId))))),
      );
      return bestPlan([own, ...teamPlans]);
    },
  };
}
