import {
  type CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * Changes an app client's SupportedIdentityProviders. UpdateUserPoolClient resets what it is not
 * given, so the client's settings are read first (DescribeUserPoolClient) and sent back; nothing is
 * written when the list stays the same.
 */
export async function setSupportedProviders(
  client: CognitoIdentityProviderClient,
  ids: { UserPoolId: string; ClientId: string },
  change: (names: string[]) => string[],
): Promise<void> {
  const { UserPoolClient: current } = await client.send(new DescribeUserPoolClientCommand(ids));
  if (!current) throw new Error('The app client was not found');
  const names = current.SupportedIdentityProviders ?? [];
  const next = change(names);
  if (next.length === names.length && next.every((name) => names.includes(name))) return;
  await client.send(
    new UpdateUserPoolClientCommand({ ...updatable(current), ...ids, SupportedIdentityProviders: next }),
  );
}

/** The fields of DescribeUserPoolClient's answer that UpdateUserPoolClient takes. */
function updatable(current: UserPoolClientType) {
  const { ClientSecret: _secret, CreationDate: _created, LastModifiedDate: _modified, ...settings } = current;
  return settings;
}
