import {
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  InvalidParameterException,
  ListUserPoolClientsCommand,
  ResourceNotFoundException,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ValidationError } from '../../domain/errors.js';
import type { PoolIdentityProviders } from '../../domain/teams/team-sso.js';

/**
 * A team's identity provider in the user pool: CreateIdentityProvider (UpdateIdentityProvider when
 * it exists), and the app client's SupportedIdentityProviders. UpdateUserPoolClient resets what it
 * is not given, so the client's settings are read first (DescribeUserPoolClient) and sent back.
 */
export function createPoolIdentityProviders(options: {
  userPoolId: string;
  /** The web client: by id (local stack), or by name (AWS: its id would be a cycle through CloudFront). */
  client: { id: string } | { name: string };
  region: string;
  /** Local stack only: the local identity service and its administrative credentials. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): PoolIdentityProviders {
  const client = new CognitoIdentityProviderClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
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
    const ClientId = await webClientId();
    const { UserPoolClient: current } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId, ClientId }),
    );
    if (!current) throw new Error('The app client was not found');
    const names = current.SupportedIdentityProviders ?? [];
    const next = change(names);
    if (next.length === names.length && next.every((name) => names.includes(name))) return;
    await client.send(
      new UpdateUserPoolClientCommand({
        ...updatable(current),
        UserPoolId,
        ClientId,
        SupportedIdentityProviders: next,
      }),
    );
  }

  return {
    async put(name, provider) {
      const attributes = { ProviderDetails: provider.details, AttributeMapping: { email: 'email' } };
      try {
        try {
          await client.send(
            new UpdateIdentityProviderCommand({ UserPoolId, ProviderName: name, ...attributes }),
          );
        } catch (error) {
          if (!(error instanceof ResourceNotFoundException)) throw error;
          await client.send(
            new CreateIdentityProviderCommand({
              UserPoolId,
              ProviderName: name,
              ProviderType: provider.type,
              ...attributes,
            }),
          );
        }
      } catch (error) {
        // Cognito's word on the provider (e.g. SAML metadata it cannot read) is the Admin's to fix.
        if (error instanceof InvalidParameterException)
          throw new ValidationError(`The identity provider was refused: ${error.message}`);
        throw error;
      }
      await setSupported((names) => (names.includes(name) ? names : [...names, name]));
    },
    async remove(name) {
      await setSupported((names) => names.filter((candidate) => candidate !== name));
      try {
        await client.send(new DeleteIdentityProviderCommand({ UserPoolId, ProviderName: name }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}

/** The fields of DescribeUserPoolClient's answer that UpdateUserPoolClient takes. */
function updatable(current: UserPoolClientType) {
  const { ClientSecret: _secret, CreationDate: _created, LastModifiedDate: _modified, ...settings } = current;
  return settings;
}
