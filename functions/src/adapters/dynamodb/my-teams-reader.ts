import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamMemberships } from '../../domain/teams/team-scope.js';
import { MY_TEAMS_KEY_PREFIX } from './my-teams.js';

/** "My teams" read-only (see my-teams.ts): one consistent GetItem on the billing table. */
export function createMyTeamsReader(
  db: DynamoDBDocumentClient,
  billingTable: string,
): Pick<TeamMemberships, 'teamIdsOf'> {
  return {
    async teamIdsOf(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: billingTable,
          Key: { userId: `${MY_TEAMS_KEY_PREFIX}${userId}` },
          ProjectionExpression: 'teamIds',
          ConsistentRead: true,
        }),
      );
      return Item?.teamIds instanceof Set ? [...(Item.teamIds as Set<string>)] : [];
    },
  };
}
