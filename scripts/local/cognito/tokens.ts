import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { hashRefreshToken } from './credential-store.js';
import type { Engine } from './engine.js';
import { cognitoError, isCognitoError } from './errors.js';

/**
 * The key pair that signs this data directory's tokens. cognito-local signs with a private key
 * published inside its npm package, so anyone could forge its tokens: every token is re-signed
 * with a key made on first start (0600), and only its public half is served as the JWKS.
 */
export interface TokenKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: JsonWebKey;
}

export function loadTokenKeys(path: string): TokenKeys {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch {
    pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    try {
      writeFileSync(path, pem, { flag: 'wx', mode: 0o600 });
    } catch {
      pem = readFileSync(path, 'utf8'); // another process made it first
    }
  }
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const kid = `local-${publicKey.export({ format: 'jwk' }).n?.slice(0, 16)}`;
  return {
    kid,
    privateKey,
    publicKey,
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number };

export const decodePayload = (token: string): JwtPayload =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

function resign(keys: TokenKeys, token: string, claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: keys.kid })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ ...decodePayload(token), ...claims })).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), keys.privateKey).toString(
    'base64url',
  );
  return `${header}.${payload}.${signature}`;
}

/**
 * cognito-local's tokens re-signed with this data directory's key (see TokenKeys), with the
 * `origin_jti` Cognito's carry (Amplify's signOut only calls RevokeToken when it is there).
 */
export function signedWith(keys: TokenKeys, inner: TokenGenerator): TokenGenerator {
  return {
    async generate(...args) {
      const tokens = await inner.generate(...args);
      const claims = { origin_jti: randomUUID() };
      return {
        ...tokens,
        AccessToken: resign(keys, tokens.AccessToken, claims),
        IdToken: resign(keys, tokens.IdToken, { ...claims, ...identitiesClaim(args[1]) }),
      };
    },
  };
}

/**
 * Cognito's ID token carries the user's `identities` attribute (the providers' users linked to it)
 * as the `identities` claim, an array; cognito-local's carries only custom attributes.
 */
function identitiesClaim(user: User): { identities?: unknown } {
  const value = user.Attributes.find((attribute) => attribute.Name === 'identities')?.Value;
  if (!value) return {};
  try {
    return { identities: JSON.parse(value) };
  } catch {
    return {};
  }
}

/** The payload of a valid, unexpired access token signed with `keys`; NotAuthorizedException otherwise. */
export function verifyAccessToken(
  keys: TokenKeys,
  token: unknown,
): JwtPayload & { client_id: string; username: string } {
  const invalid = () => cognitoError('NotAuthorizedException', 'Invalid Access Token');
  if (typeof token !== 'string') throw invalid();
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw invalid();
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    keys.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  const claims = decodePayload(token);
  if (!signed || claims.token_use !== 'access') throw invalid();
  if ((claims.exp ?? 0) * 1000 <= Date.now())
    throw cognitoError('NotAuthorizedException', 'Access Token has expired');
  return claims as JwtPayload & { client_id: string; username: string };
}

type AuthenticationResult = Record<string, unknown> & { AccessToken?: string };

/** Cognito always answers ExpiresIn and TokenType next to the tokens. */
function completeResult(result: AuthenticationResult): AuthenticationResult {
  const { exp = 0, iat = 0 } = result.AccessToken ? decodePayload(result.AccessToken) : {};
  const answer: AuthenticationResult = { ...result, ExpiresIn: exp - iat, TokenType: 'Bearer' };
  for (const key of Object.keys(answer)) if (answer[key] === undefined) delete answer[key];
  return answer;
}

/** Real tokens from cognito-local for a user whose password has already been proven (it compares the stored value). */
export async function issueTokens(
  engine: Engine,
  clientId: string,
  user: User,
): Promise<Record<string, unknown>> {
  if (!user.Enabled) throw cognitoError('NotAuthorizedException', 'User is disabled.');
  const response = await engine.call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
  });
  const result = response.AuthenticationResult as AuthenticationResult | undefined;
  // Challenges cognito-local raises itself (MFA, NEW_PASSWORD_REQUIRED) are answered unchanged.
  if (!result) return response;
  return { ChallengeParameters: {}, AuthenticationResult: completeResult(result) };
}

/** New access and ID tokens for a refresh token cognito-local issued and still holds. */
export async function refreshTokens(engine: Engine, clientId: string, refreshToken: unknown) {
  try {
    const response = await engine.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: hashRefreshToken(refreshToken) },
    });
    return {
      ChallengeParameters: {},
      AuthenticationResult: completeResult(response.AuthenticationResult as never),
    };
  } catch (error) {
    if (isCognitoError(error, 'NotAuthorizedException')) {
      throw cognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    }
    throw error;
  }
}
