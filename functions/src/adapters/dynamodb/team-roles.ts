import { TEAM_ROLES, type TeamRole } from '@agentforge/shared';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamMemberships } from '../../domain/teams/team-scope.js';

/**
 * A member's role (teams table, `teamId` / `MEMBER#<userId>`), read consistently: the team scope of
 * MCP servers and provider keys checks it on every call, so a removed member loses access at once.
 */
export function createTeamRoleReader(
  db: DynamoDBDocumentClient,
  teamsTable: string,
): Pick<TeamMemberships, 'roleIn'> {
  return {
    async roleIn(teamId, userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: teamsTable,
          Key: { teamId, sk: `MEMBER#${userId}` },
          ProjectionExpression: '#role',
          ExpressionAttributeNames: { '#role': 'role' },
          ConsistentRead: true,
        }),
      );
      return (TEAM_ROLES as readonly unknown[]).includes(Item?.role) ? (Item?.role as TeamRole) : undefined;
    },
  };
}
