import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { UnauthorizedError } from '../../domain/errors.js';

/** The claims a verified Cognito ID token gives the API (the shape API Gateway's authorizer passes on). */
export interface IdTokenClaims {
  sub: string;
  email: string;
  [claim: string]: unknown;
}

export interface IdTokenVerifier {
  /** Resolves with the token's claims; rejects with UnauthorizedError if missing, invalid or expired. */
  verify(token: string | undefined): Promise<IdTokenClaims>;
  /** Fetches the pool's signing keys now (a function's init), so the first verify does not wait for them. */
  hydrate(): Promise<void>;
}

function toClaims(payload: JwtPayload): IdTokenClaims {
  if (typeof payload.sub !== 'string') throw new UnauthorizedError();
  return { ...payload, sub: payload.sub, email: typeof payload.email === 'string' ? payload.email : '' };
}

function wrap(verify: (token: string) => Promise<JwtPayload>, hydrate: () => Promise<void>): IdTokenVerifier {
  return {
    hydrate,
    async verify(token) {
      if (!token) throw new UnauthorizedError();
      try {
        return toClaims(await verify(token));
      } catch (error) {
        throw new UnauthorizedError('Unauthorized', { cause: error });
      }
    },
  };
}

/**
 * A real Cognito user pool (AWS). `clientId` null accepts any client of the pool, as API
 * Gateway's Cognito authorizer does: the stream function cannot know the web client's id
 * without a CloudFormation cycle (client -> distribution URL -> function URL -> function).
 */
export function createCognitoIdTokenVerifier(userPoolId: string, clientId: string | null): IdTokenVerifier {
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
  return wrap(
    (token) => verifier.verify(token),
    () => verifier.hydrate(),
  );
}

/**
 * The local identity service: its pool ids are not Cognito-shaped and its JWKS is served over
 * plain http, so CognitoJwtVerifier rejects it; JwtRsaVerifier with a fetch-based JWKS cache
 * checks the same things (signature, issuer, audience, expiry, token_use).
 */
export function createLocalIdTokenVerifier(options: {
  issuer: string;
  jwksUri: string;
  clientId: string;
}): IdTokenVerifier {
  const jwksCache = new SimpleJwksCache({
    fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      audience: options.clientId,
      jwksUri: options.jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
      },
    },
    { jwksCache },
  );
  return wrap(
    (token) => verifier.verify(token),
    () => verifier.hydrate(),
  );
}
