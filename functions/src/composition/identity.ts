import {
  createCognitoIdTokenVerifier,
  createLocalIdTokenVerifier,
  type IdTokenVerifier,
} from '../adapters/cognito/id-token-verifier.js';
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
