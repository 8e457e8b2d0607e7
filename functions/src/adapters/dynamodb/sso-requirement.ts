import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Whether an e-mail domain's team requires single sign-on, read as the pre-authentication trigger
 * needs it (inside Cognito's 5 seconds): the domain's claim `SSO_DOMAIN#<domain>` (only a verified
 * domain has one, see team-sso-store.ts), then the team's `SSO` record's `requireSso` and `active`.
 * Two GetItems of one attribute each, no schema library.
 */
export function createSsoRequirement(db: DynamoDBDocumentClient, tableName: string) {
  const get = async (teamId: string, sk: string, attributes: string[]) =>
    (
      await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { teamId, sk },
          ProjectionExpression: attributes.join(', '),
          ConsistentRead: true,
        }),
      )
    ).Item;
  return {
    async domainRequiresSso(domain: string): Promise<boolean> {
      if (!domain) return false;
      const claim = await get(`SSO_DOMAIN#${domain}`, 'SSO_DOMAIN', ['ownerTeamId']);
      if (typeof claim?.ownerTeamId !== 'string') return false;
      const sso = await get(claim.ownerTeamId, 'SSO', ['requireSso', 'active']);
      return sso?.requireSso === true && sso.active === true;
    },
  };
}
