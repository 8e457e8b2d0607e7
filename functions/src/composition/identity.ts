import { readFileSync } from 'node:fs';
import {
  createCognitoIdTokenVerifier,
  createLocalIdTokenVerifier,
  type IdTokenVerifier,
} from '../adapters/cognito/id-token-verifier.js';
import { createCognitoUserAdmin } from '../adapters/cognito/user-admin.js';
import { env, required } from './root.js';

let verifier: IdTokenVerifier | undefined;
/** For the functions without an API Gateway authorizer (the stream). */
export function idTokenVerifier(): IdTokenVerifier {
  verifier ??=
    env.RUNTIME === 'local'
      ? createLocalIdTokenVerifier({
          issuer: required('LOCAL_COGNITO_ISSUER'),
          jwksUri: required('LOCAL_COGNITO_JWKS_URI'),
          clientId: required('USER_POOL_CLIENT_ID'),
        })
      : createCognitoIdTokenVerifier(required('USER_POOL_ID'), env.USER_POOL_CLIENT_ID ?? null);
  return verifier;
}

/** The user pool's administration (account deletion, provider links); locally the identity service with its admin credentials. */
export function userPoolAdmin(userPoolId: string) {
  if (env.RUNTIME === 'local') {
    return createCognitoUserAdmin({
      userPoolId,
      region: env.AWS_REGION,
      endpoint: required('LOCAL_COGNITO_ENDPOINT'),
      credentials: JSON.parse(readFileSync(required('LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE'), 'utf8')) as {
        accessKeyId: string;
        secretAccessKey: string;
      },
    });
  }
  return createCognitoUserAdmin({ userPoolId, region: env.AWS_REGION });
}
