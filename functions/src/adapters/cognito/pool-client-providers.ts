import {
  DeleteIdentityProviderCommand,
  ListUserPoolClientsCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { setSupportedProviders } from './client-supported-providers.js';
import { createPoolClient, type PoolClientOptions } from './pool-client.js';

/**
 * The web client's SupportedIdentityProviders, and a team's provider taken off it and deleted
 * (team deletion needs only this).
 */
export function createPoolClientProviders(options: PoolClientOptions) {
  const client = createPoolClient(options);
  const UserPoolId = options.userPoolId;
  let clientId: Promise<string> | undefined;

  /** The web client's id, found by its name once (ListUserPoolClients, page by page). */
  async function findClientId(name: string): Promise<string> {
    let NextToken: string | undefined;
    do {
      const page = await client.send(
        new ListUserPoolClientsCommand({ UserPoolId, MaxResults: 60, NextToken }),
      );
      const found = page.UserPoolClients?.find((candidate) => candidate.ClientName === name);
      if (found?.ClientId) return found.ClientId;
      NextToken = page.NextToken;
    } while (NextToken);
    throw new Error(`The pool has no app client named ${name}`);
  }
  const webClientId = () => {
    const wanted = options.client;
    clientId ??= 'id' in wanted ? Promise.resolve(wanted.id) : findClientId(wanted.name);
    return clientId;
  };

  async function setSupported(change: (names: string[]) => string[]): Promise<void> {
    await setSupportedProviders(client, { UserPoolId, ClientId: await webClientId() }, change);
  }

  return {
    /** The SDK client, for the provider's own calls (create, update). */
    client,
    setSupported,
    /** Off the client, then deleted; a provider already gone is not an error. */
    async remove(name: string): Promise<void> {
      await setSupported((names) => names.filter((candidate) => candidate !== name));
      try {
        await client.send(new DeleteIdentityProviderCommand({ UserPoolId, ProviderName: name }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}
