import type { Handler } from './context.js';
import { requireUser } from './context.js';
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
  // cognito-local answers a wrong previous password with InvalidPasswordException; Cognito does not.
  return rethrowAs('InvalidPasswordException', incorrectCredentials, () =>
    engine.call('ChangePassword', request),
  );
};
