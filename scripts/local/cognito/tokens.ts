import { createPublicKey, randomUUID, sign, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { Engine } from './engine.js';
import { cognitoError, isCognitoError } from './errors.js';

const requireFromHere = createRequire(import.meta.url);
const privateKey: { pem: string } = requireFromHere('cognito-local/lib/keys/cognitoLocal.private.json');
const publicKey = createPublicKey({
  key: requireFromHere('cognito-local/lib/keys/cognitoLocal.public.json').jwk,
  format: 'jwk',
});

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number };

export const decodePayload = (token: string): JwtPayload =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

function addClaims(token: string, claims: Record<string, unknown>): string {
  const [header = ''] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodePayload(token), ...claims })).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey.pem).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * Amplify's signOut only calls RevokeToken when the access token carries `origin_jti`, as Cognito's do;
 * cognito-local's tokens lack it, so it is added (same key, same kid).
 */
export function withOriginJti(inner: TokenGenerator): TokenGenerator {
  return {
    async generate(...args) {
      const tokens = await inner.generate(...args);
      const claims = { origin_jti: randomUUID() };
      return {
        ...tokens,
        AccessToken: addClaims(tokens.AccessToken, claims),
        IdToken: addClaims(tokens.IdToken, claims),
      };
    },
  };
}

/** The payload of a valid, unexpired access token signed by cognito-local; NotAuthorizedException otherwise. */
export function verifyAccessToken(token: unknown): JwtPayload & { client_id: string; username: string } {
  const invalid = () => cognitoError('NotAuthorizedException', 'Invalid Access Token');
  if (typeof token !== 'string') throw invalid();
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw invalid();
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
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

/** Real tokens from cognito-local for a user whose password has already been proven. */
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
      AuthParameters: { REFRESH_TOKEN: refreshToken },
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
