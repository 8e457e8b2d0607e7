import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MyTeamsIndex } from '../../domain/teams/ports.js';

/**
 * "My teams": one item per person in the billing table, `userId = teams-of#<userId>`, with the
 * string set `teamIds` (the teams whose seats they hold). It lives there because every function that
 * needs it (the streams' plan and team keys, the MCP API, the reaper) may already GetItem the billing
 * table; the streams' role policy has no room for another grant. Cognito subs never look like that
 * key, and it has no stripeCustomerId, so the byCustomer index skips it. The teams API writes it:
 * added after a membership is written, taken out before it is deleted.
 */
export const MY_TEAMS_KEY_PREFIX = 'teams-of#';

export function createMyTeamsIndex(db: DynamoDBDocumentClient, billingTable: string): MyTeamsIndex {
  const change = async (userId: string, op: 'ADD' | 'DELETE', teamId: string) => {
    await db.send(
      new UpdateCommand({
        TableName: billingTable,
        Key: { userId: `${MY_TEAMS_KEY_PREFIX}${userId}` },
        UpdateExpression: `${op} teamIds :team`,
        ExpressionAttributeValues: { ':team': new Set([teamId]) },
      }),
    );
  };
  return {
    async teamIdsOf(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: billingTable,
          Key: { userId: `${MY_TEAMS_KEY_PREFIX}${userId}` },
          ConsistentRead: true,
        }),
      );
      return Item?.teamIds instanceof Set ? [...(Item.teamIds as Set<string>)] : [];
    },
    add: (userId, teamId) => change(userId, 'ADD', teamId),
    remove: (userId, teamId) => change(userId, 'DELETE', teamId),
  };
}
