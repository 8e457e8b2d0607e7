import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

/** The user pool's administration the product needs: deleting a user's sign-in (their account). */
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
  };
}
