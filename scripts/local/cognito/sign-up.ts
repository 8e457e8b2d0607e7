import { attribute, attributesAppend } from 'cognito-local/lib/services/userPoolService';
import type { Handler } from './context.js';
import { findUser, requireUser } from './context.js';
import { codeMismatch, cognitoError, rethrowAs, unknownUsername } from './errors.js';
import { assertPasswordConforms } from './password-policy.js';

export const signUp: Handler = async (compat, request) => {
  const { userPool, user } = await findUser(compat, request.ClientId, request.Username);
  if (user) throw cognitoError('UsernameExistsException', 'An account with the given email already exists.');
  assertPasswordConforms(userPool, request.Password);
  return compat.engine.call('SignUp', request);
};

export const confirmSignUp: Handler = async (compat, request) => {
  const { engine, limiter } = compat;
  const { userPool, user } = await requireUser(compat, request.ClientId, request.Username, unknownUsername);
  limiter.assertAllowed(user.Username);
  if (user.UserStatus === 'CONFIRMED') {
    throw cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
  }
  // The code went to the e-mail address, so Cognito (auto-verified email) marks it verified: before
  // cognito-local confirms, so the post-confirmation trigger sees email_verified as on AWS.
  if (user.ConfirmationCode !== undefined && user.ConfirmationCode === request.ConfirmationCode) {
    await userPool.saveUser(engine.ctx, {
      ...user,
      Attributes: attributesAppend(user.Attributes, attribute('email_verified', 'true')),
    });
  }
  await rethrowAs(
    'CodeMismatchException',
    () => {
      limiter.recordFailure(user.Username);
      return codeMismatch();
    },
    () => engine.call('ConfirmSignUp', { ...request, Username: user.Username }),
  );
  limiter.reset(user.Username);
  // Amplify's autoSignIn with authFlowType USER_AUTH answers with this Session instead of a password.
  return { Session: compat.signInSessions.put(user.Username) };
};

export const resendConfirmationCode: Handler = async (compat, request) => {
  const { services, ctx } = compat.engine;
  const { userPool, user } = await requireUser(compat, request.ClientId, request.Username, unknownUsername);
  if (user.UserStatus !== 'UNCONFIRMED')
    throw cognitoError('InvalidParameterException', 'User is already confirmed.');
  const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
  if (!email)
    throw cognitoError('InvalidParameterException', 'User has no e-mail address to send a code to.');
  const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
  const code = services.otp();
  await services.messages.deliver(
    ctx,
    'ResendCode',
    request.ClientId,
    userPool.options.Id,
    user,
    code,
    request.ClientMetadata,
    delivery,
  );
  await userPool.saveUser(ctx, {
    ...user,
    ConfirmationCode: code,
    UserLastModifiedDate: services.clock.get(),
  });
  return { CodeDeliveryDetails: delivery };
};
