import type { Handler } from './context.js';
import { requireUser } from './context.js';
import { passwordMatches } from './credential-store.js';
import { codeMismatch, incorrectCredentials, rethrowAs, unknownUsername } from './errors.js';
import { assertPasswordConforms } from './password-policy.js';
import { verifyAccessToken } from './tokens.js';

export const forgotPassword: Handler = async (compat, request) => {
  const { user } = await requireUser(compat, request.ClientId, request.Username, unknownUsername);
  return compat.engine.call('ForgotPassword', { ...request, Username: user.Username });
};

export const confirmForgotPassword: Handler = async (compat, request) => {
  const { engine, limiter } = compat;
  const { userPool, user } = await requireUser(compat, request.ClientId, request.Username, unknownUsername);
  limiter.assertAllowed(user.Username);
  assertPasswordConforms(userPool, request.Password);
  const response = await rethrowAs(
    'CodeMismatchException',
    () => {
      limiter.recordFailure(user.Username);
      return codeMismatch();
    },
    () => engine.call('ConfirmForgotPassword', { ...request, Username: user.Username }),
  );
  limiter.reset(user.Username);
  return response;
};

export const changePassword: Handler = async (compat, request) => {
  const { engine } = compat;
  const claims = verifyAccessToken(compat.keys, request.AccessToken);
  const userPool = await engine.services.cognito.getUserPoolForClientId(engine.ctx, claims.client_id);
  assertPasswordConforms(userPool, request.ProposedPassword);
  const user = await userPool.getUserByUsername(engine.ctx, claims.username);
  if (!user || !passwordMatches(userPool.options.Id, user, request.PreviousPassword))
    throw incorrectCredentials();
  // cognito-local compares the stored value: it gets that once the previous password is proven.
  return engine.call('ChangePassword', { ...request, PreviousPassword: user.Password });
};
