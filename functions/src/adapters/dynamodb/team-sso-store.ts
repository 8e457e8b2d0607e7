import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { TeamSsoRecord, TeamSsoStore } from '../../domain/teams/team-sso.js';
import { isConditionalCheckFailed } from './document-client.js';

/**
 * A team's single sign-on in the teams table: `<teamId>` / `SSO` (the provider, its secret
 * encrypted, the domains), and one claim per verified domain, `SSO_DOMAIN#<domain>` / `SSO_DOMAIN`
 * (the team that holds it: the login page's lookup, one team per domain by a conditional put).
 */
const SSO = 'SSO';
const DOMAIN = 'SSO_DOMAIN';
const domainKey = (domain: string) => ({ teamId: `${DOMAIN}#${domain}`, sk: DOMAIN });

const recordSchema = z.object({
  teamId: z.string(),
  providerName: z.string(),
  provider: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('oidc'),
      issuer: z.string(),
      clientId: z.string(),
      clientSecretCiphertext: z.string(),
      clientSecretHint: z.string(),
    }),
    z.object({
      type: z.literal('saml'),
      metadataUrl: z.string().optional(),
      metadataFile: z.string().optional(),
    }),
  ]),
  domains: z.array(z.object({ domain: z.string(), verified: z.boolean() })),
  requireSso: z.boolean(),
  active: z.boolean(),
  verificationKey: z.string(),
  updatedAt: z.number(),
});

export function createTeamSsoStore(db: DynamoDBDocumentClient, tableName: string): TeamSsoStore {
  const read = async (key: { teamId: string; sk: string }) =>
    (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  return {
    async get(teamId) {
      const item = await read({ teamId, sk: SSO });
      return item ? (recordSchema.parse(item) as TeamSsoRecord) : undefined;
    },
    async put(record) {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...record, sk: SSO } }));
    },
    async delete(teamId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { teamId, sk: SSO } }));
    },
    async claimDomain(domain, teamId) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...domainKey(domain), ownerTeamId: teamId },
            ConditionExpression: 'attribute_not_exists(sk) OR ownerTeamId = :team',
            ExpressionAttributeValues: { ':team': teamId },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
    async releaseDomain(domain, teamId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: domainKey(domain),
            ConditionExpression: 'ownerTeamId = :team',
            ExpressionAttributeValues: { ':team': teamId },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
    async domainOwner(domain) {
      const item = await read(domainKey(domain));
      return typeof item?.ownerTeamId === 'string' ? item.ownerTeamId : undefined;
    },
  };
}
