import {
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  ResourceNotFoundException,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PoolIdentityProviders } from '../../domain/teams/team-sso.js';

/**
 * A team's identity provider in the user pool: CreateIdentityProvider (UpdateIdentityProvider when
 * it exists), and the app client's SupportedIdentityProviders. UpdateUserPoolClient resets what it
 * is not given, so the client's settings are read first (DescribeUserPoolClient) and sent back.
 */
export function createPoolIdentityProviders(options: {
  userPoolId: string;
  clientId: string;
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

  async function setSupported(change: (names: string[]) => string[]): Promise<void> {
    const { UserPoolClient: current } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId, ClientId: options.clientId }),
    );
    if (!current) throw new Error('The app client was not found');
    const names = current.SupportedIdentityProviders ?? [];
    const next = change(names);
    if (next.length === names.length && next.every((name) => names.includes(name))) return;
    await client.send(
      new UpdateUserPoolClientCommand({
        ...updatable(current),
        UserPoolId,
        ClientId: options.clientId,
        SupportedIdentityProviders: next,
      }),
    );
  }

  return {
    async put(name, provider) {
      const attributes = { ProviderDetails: provider.details, AttributeMapping: { email: 'email' } };
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
