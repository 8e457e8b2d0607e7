import {
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';

/** A user of an identity provider (Google) as Cognito names it: the provider and its `sub`. */
export interface ProviderUser {
  providerName: string;
  sub: string;
}

/**
 * Links an identity provider's user to the pool's password user with the same e-mail (the
 * pre-sign-up trigger's AdminLinkProviderForUser). The pool is the trigger event's: the trigger's
 * own configuration cannot name it (pool -> trigger -> pool would be a cycle).
 */
export function createProviderLinks(options: {
  region: string;
  /** Local stack only: the local identity service and its administrative credentials. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}) {
  const client = new CognitoIdentityProviderClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  return {
    /** Resolves whether there was a confirmed password user with this e-mail to link to. */
    async linkToPasswordUser(userPoolId: string, email: string, source: ProviderUser): Promise<boolean> {
      const { Users = [] } = await client.send(
        new ListUsersCommand({
          UserPoolId: userPoolId,
          Filter: `email = "${email.replace(/["\\]/g, '')}"`,
          Limit: 10,
        }),
      );
      const passwordUser = Users.find((user) => user.UserStatus === 'CONFIRMED' && user.Username);
      if (!passwordUser?.Username) return false;
      await client.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: userPoolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: passwordUser.Username },
          SourceUser: {
            ProviderName: source.providerName,
            ProviderAttributeName: 'Cognito_Subject',
            ProviderAttributeValue: source.sub,
          },
        }),
      );
      return true;
    },
  };
}
