import { ListIdentityProvidersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SSO_PROVIDER_PREFIX } from '../../domain/teams/sso-names.js';
import { setSupportedProviders } from './client-supported-providers.js';
import { createPoolClient, type PoolClientOptions } from './pool-client.js';

/**
 * After a deploy: CloudFormation sets the web client's SupportedIdentityProviders to the stack's
 * list on every update of the client, dropping the teams' providers the API added. This puts back
 * every team provider of the pool (`team-…`, ListIdentityProviders), keeping the stack's own.
 */
export function createClientProviderMerge(options: PoolClientOptions & { client: { id: string } }) {
  const client = createPoolClient(options);
  const UserPoolId = options.userPoolId;
  return {
    /** The teams' providers now on the client. */
    async restoreTeamProviders(): Promise<string[]> {
      const teams: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(
          new ListIdentityProvidersCommand({ UserPoolId, MaxResults: 60, NextToken }),
        );
        for (const { ProviderName } of page.Providers ?? [])
          if (ProviderName?.startsWith(SSO_PROVIDER_PREFIX)) teams.push(ProviderName);
        NextToken = page.NextToken;
      } while (NextToken);
      await setSupportedProviders(client, { UserPoolId, ClientId: options.client.id }, (names) => [
        ...names,
        ...teams.filter((name) => !names.includes(name)),
      ]);
      return teams;
    },
  };
}
