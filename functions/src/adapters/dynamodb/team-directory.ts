import { TEAM_ROLES } from '@agentforge/shared';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SharingTeams } from '../../domain/conversations/conversation-sharing.js';

/**
 * What sharing a conversation reads of a team (teams table, consistent GetItems only): whether
 * someone is a member, with their e-mail (`MEMBER#<userId>`), and the team's name (`META`). Read on
 * every call, so a removed member, or an author who left, loses the shared conversations at once.
 */
export function createTeamDirectoryReader(
  db: DynamoDBDocumentClient,
  teamsTable: string,
): Omit<SharingTeams, 'teamIdsOf'> {
  const get = async (teamId: string, sk: string, names: Record<string, string>) =>
    (
      await db.send(
        new GetCommand({
          TableName: teamsTable,
          Key: { teamId, sk },
          ProjectionExpression: Object.keys(names).join(', '),
          ExpressionAttributeNames: names,
          ConsistentRead: true,
        }),
      )
    ).Item;
  return {
    async member(teamId, userId) {
      const item = await get(teamId, `MEMBER#${userId}`, { '#role': 'role', '#email': 'email' });
      const isMember = (TEAM_ROLES as readonly unknown[]).includes(item?.role);
      return isMember && typeof item?.email === 'string' ? { email: item.email } : undefined;
    },
    async teamName(teamId) {
      const item = await get(teamId, 'META', { '#name': 'name' });
      return typeof item?.name === 'string' ? item.name : undefined;
    },
  };
}
