import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export interface PoolClientOptions {
  userPoolId: string;
  /** The web client: by id (local stack, the deploy's merge), or by name (the API: its id would be a cycle through CloudFront). */
  client: { id: string } | { name: string };
  region: string;
  /** Local stack only: the local identity service and its administrative credentials. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The SDK client of the user pool's API (locally the identity service, admin-signed). */
export const createPoolClient = (options: PoolClientOptions) =>
  new CognitoIdentityProviderClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
