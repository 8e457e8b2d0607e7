import {
  CognitoIdentityProviderClient,
  DeleteIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ResourceNotFoundException,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';

export interface PoolClientOptions {
  userPoolId: string;
  /** The web client: by id (local stack), or by name (AWS: its id would be a cycle through CloudFront). */
  client: { id: string } | { name: string };
  region: string;
  /** Local stack only: the local identity service and its administrative credentials. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * The web client's SupportedIdentityProviders, and a team's provider taken off it and deleted
 * (team deletion needs only this). UpdateUserPoolClient resets what it is not given, so the
 * client's settings are read first (DescribeUserPoolClient) and sent back.
 */
export function createPoolClientProviders(options: PoolClientOptions) {
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

/** The fields of DescribeUserPoolClient's answer that UpdateUserPoolClient takes. */
function updatable(current: UserPoolClientType) {
  const { ClientSecret: _secret, CreationDate: _created, LastModifiedDate: _modified, ...settings } = current;
  return settings;
}
