import {
  AdminDeleteUserCommand,
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

/** A user of an identity provider (Google) as Cognito names it: the provider and its `sub`. */
export interface ProviderUser {
  providerName: string;
  sub: string;
}

/**
 * The user pool's administration the product needs: deleting a user's sign-in (their account), and
 * linking an identity provider's user to the password user with the same e-mail.
 */
export function createCognitoUserAdmin(options: {
  userPoolId: string;
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
    /** Deletes the user; one already gone counts as deleted (a retried deletion). */
    async deleteUser(username: string): Promise<void> {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: options.userPoolId, Username: username }));
      } catch (error) {
        if (!(error instanceof UserNotFoundException)) throw error;
      }
    },

    /**
     * Links the provider's user to the pool's password user with this e-mail, if there is one
     * (AdminLinkProviderForUser: from then on the provider's sign-in is that user's). Resolves
     * whether it linked.
     */
    async linkToPasswordUser(email: string, source: ProviderUser): Promise<boolean> {
      const { Users = [] } = await client.send(
        new ListUsersCommand({
          UserPoolId: options.userPoolId,
          Filter: `email = "${email.replace(/["\\]/g, '')}"`,
          Limit: 10,
        }),
      );
      const passwordUser = Users.find((user) => user.UserStatus === 'CONFIRMED' && user.Username);
      if (!passwordUser?.Username) return false;
      await client.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: options.userPoolId,
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
