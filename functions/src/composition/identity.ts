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

/**
 * At a stream function's init (Lambda's, or the local stack's first import): the pool's signing
 * keys are fetched while the rest of the function loads, not on its first reply. A failure here
 * is the first verify's to report (it fetches again).
 */
export function prefetchIdTokenKeys(): void {
  try {
    idTokenVerifier()
      .hydrate()
      .catch(() => undefined);
  } catch {
    // Not configured in this process (a unit test): verify says so where it is called.
  }
}
