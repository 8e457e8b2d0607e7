import type { Handler } from './context.js';
import { hashRefreshToken } from './credential-store.js';
import { isCognitoError } from './errors.js';
import { refreshTokens, verifyAccessToken } from './tokens.js';

export const getTokensFromRefreshToken: Handler = async (compat, request) => {
  const { AuthenticationResult } = await refreshTokens(compat.engine, request.ClientId, request.RefreshToken);
  return { AuthenticationResult };
};

/** Signs the user out everywhere: every refresh token cognito-local holds for them stops working. */
export const globalSignOut: Handler = async (compat, request) => {
  const { services, ctx } = compat.engine;
  const claims = verifyAccessToken(compat.keys, request.AccessToken);
  const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

/** Revokes one refresh token; like Cognito, an unknown or already revoked token is not an error. */
export const revokeToken: Handler = async (compat, request) => {
  try {
    return await compat.engine.call('RevokeToken', { ...request, Token: hashRefreshToken(request.Token) });
  } catch (error) {
    if (isCognitoError(error, 'NotAuthorizedException')) return {};
    throw error;
  }
};
