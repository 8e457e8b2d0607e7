import { getUserAttributeVerificationCode, updateUserAttributes, verifyUserAttribute } from './attributes.js';
import { respondToAuthChallenge } from './challenges.js';
import type { Handler } from './context.js';
import { adminLinkProviderForUser } from './hosted-domain/federation.js';
import { changePassword, confirmForgotPassword, forgotPassword } from './password.js';
import { getTokensFromRefreshToken, globalSignOut, revokeToken } from './sessions.js';
import { adminInitiateAuth, initiateAuth } from './sign-in.js';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up.js';

/** The operations the layer answers itself; every other target goes to cognito-local unchanged. */
export const HANDLERS: Record<string, Handler> = {
  InitiateAuth: initiateAuth,
  AdminInitiateAuth: adminInitiateAuth,
  AdminLinkProviderForUser: adminLinkProviderForUser,
  RespondToAuthChallenge: respondToAuthChallenge,
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  UpdateUserAttributes: updateUserAttributes,
  VerifyUserAttribute: verifyUserAttribute,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
};
