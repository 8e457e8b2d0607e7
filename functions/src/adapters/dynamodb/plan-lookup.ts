import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { bestPlan, type PlanSource, planFromBilling, type SpacePlans } from '../../domain/limits/plan.js';
import { teamOwnerId } from '../../domain/teams/roles.js';
import type { TeamMemberships } from '../../domain/teams/team-scope.js';

/**
 * The user's plan from their billing record (billing table, key userId: `tier`, `status`,
 * `overageCapUsd`, written by the billing sync); no record is Free (see planFromBilling). With the
 * memberships ("my teams"), a member of a subscribed team is on the team's plan (its billing record is
 * `team#<teamId>`) when that is better than their own (the servers' limits). Model calls take their
 * plan by space (SpacePlans): the personal space the user's own, a team space the team's.
 */
export function createPlanLookup(
  db: DynamoDBDocumentClient,
  tableName: string,
  memberships?: Pick<TeamMemberships, 'teamIdsOf'>,
): PlanSource & SpacePlans {
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
      if (!memberships || own.tier === 'teams' || own.tier === 'enterprise') return own;
      const teamPlans = await Promise.all(
        (await memberships.teamIdsOf(userId)).map(async (teamId) =>
          planFromBilling(await billingOf(teamOwnerId(teamId))),
        ),
      );
      return bestPlan([own, ...teamPlans]);
    },

    ownPlanOf: async (userId) => planFromBilling(await billingOf(userId)),

    async teamPlanOf(userId, teamId) {
      if (!memberships || !(await memberships.teamIdsOf(userId)).includes(teamId)) return undefined;
      const plan = planFromBilling(await billingOf(teamOwnerId(teamId)));
      return plan.tier === 'free' ? undefined : { ...plan, team: true };
    },
  };
}
