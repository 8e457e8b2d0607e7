import type { User } from 'cognito-local/lib/services/userPoolService';
import type { RequestClient } from '../../../functions/src/http/client.js';
import type { PasswordAttempt } from './activity-log.js';
import type { CognitoRequest, Compat, Handler } from './context.js';
import { findUser, requireUser } from './context.js';
import { hashRefreshToken, passwordMatches, storedVerifier } from './credential-store.js';
import { cognitoError, incorrectCredentials, rethrowAs, userDoesNotExist } from './errors.js';
import { runPreAuthentication } from './pre-authentication.js';
import { createSrpChallenge } from './srp.js';
import { issueTokens, refreshTokens } from './tokens.js';

/** Cognito's answer to SRP_A: the PASSWORD_VERIFIER challenge, its server state kept under SECRET_BLOCK. */
export function startSrp(compat: Compat, clientId: string, user: User, srpA: unknown) {
  if (typeof srpA !== 'string' || !/^[0-9a-f]+$/i.test(srpA)) {
    throw cognitoError('InvalidParameterException', 'SRP_A is required and must be hex.');
  }
  compat.limiter.assertAllowed(user.Username);
  const stored = storedVerifier(user.Password);
  if (!stored) throw incorrectCredentials();
  const challenge = createSrpChallenge(stored.salt, stored.verifier);
  const secretBlock = compat.srpChallenges.put({ challenge, clientId, username: user.Username, srpA });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: challenge.salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: challenge.srpB,
      USERNAME: user.Username,
      USER_ID_FOR_SRP: user.Username,
    },
  };
}

/** Plain password check (USER_PASSWORD_AUTH, USER_AUTH with PASSWORD); wrong passwords count as failures. */
export async function signInWithPassword(compat: Compat, attempt: PasswordAttempt, password: unknown) {
  const { userPoolId, user } = attempt;
  compat.limiter.assertAllowed(user.Username);
  if (!passwordMatches(userPoolId, user, password)) {
    passwordFailed(compat, attempt);
    throw incorrectCredentials();
  }
  return passwordProven(compat, attempt);
}

/** A wrong password: one more failure toward the limit, and a failed sign-in in the activity log. */
export function passwordFailed(compat: Compat, attempt: PasswordAttempt): void {
  compat.limiter.recordFailure(attempt.user.Username);
  compat.activity?.signIn({ ...attempt, response: 'Fail' });
}

/** A proven password: the failures forgotten, the sign-in logged, the tokens issued. */
export function passwordProven(compat: Compat, attempt: PasswordAttempt) {
  compat.limiter.reset(attempt.user.Username);
  compat.activity?.signIn({ ...attempt, response: 'Pass' });
  return issueTokens(compat.engine, attempt.clientId, attempt.user);
}

/** Choice offered by USER_AUTH without a preferred challenge. */
export const selectChallenge = (compat: Compat, user: User) => ({
  ChallengeName: 'SELECT_CHALLENGE',
  AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
  ChallengeParameters: {},
  Session: compat.signInSessions.put(user.Username),
});

async function userAuth(
  compat: Compat,
  request: CognitoRequest,
  user: User,
  userPoolId: string,
  client: RequestClient,
) {
  const clientId = request.ClientId;
  const parameters = request.AuthParameters ?? {};
  if (request.Session !== undefined) {
    // The Session ConfirmSignUp answered: Amplify's autoSignIn with authFlowType USER_AUTH.
    if (compat.signInSessions.take(request.Session) !== user.Username) {
      throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
    }
    return issueTokens(compat.engine, clientId, user);
  }
  switch (parameters.PREFERRED_CHALLENGE) {
    case 'PASSWORD':
      return signInWithPassword(compat, { clientId, userPoolId, user, client }, parameters.PASSWORD);
    case 'PASSWORD_SRP':
      return startSrp(compat, clientId, user, parameters.SRP_A);
    default:
      return selectChallenge(compat, user);
  }
}

export const initiateAuth: Handler = async (compat, request, client) => {
  const flow = request.AuthFlow;
  const clientId = request.ClientId;
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    return refreshTokens(compat.engine, clientId, request.AuthParameters?.REFRESH_TOKEN);
  }
  if (flow !== 'USER_SRP_AUTH' && flow !== 'USER_PASSWORD_AUTH' && flow !== 'USER_AUTH') {
    return compat.engine.call('InitiateAuth', request);
  }
  const parameters = request.AuthParameters ?? {};
  const { userPool, user } = await requireUser(compat, clientId, parameters.USERNAME, userDoesNotExist);
  const userPoolId = userPool.options.Id;
  await runPreAuthentication(compat, { clientId, userPoolId, user, clientMetadata: request.ClientMetadata });
  if (flow === 'USER_SRP_AUTH') return startSrp(compat, clientId, user, parameters.SRP_A);
  if (flow === 'USER_PASSWORD_AUTH')
    return signInWithPassword(compat, { clientId, userPoolId, user, client }, parameters.PASSWORD);
  return userAuth(compat, request, user, userPoolId, client);
};

/**
 * cognito-local's ADMIN_USER_PASSWORD_AUTH and refresh, with Cognito's error for a wrong password.
 * It compares the stored value, so it gets that only once the password is proven here (the stored
 * verifier itself is never a password), and the refresh token as the store keeps it.
 */
export const adminInitiateAuth: Handler = async (compat, request) => {
  const parameters = { ...(request.AuthParameters ?? {}) };
  if (request.AuthFlow === 'ADMIN_USER_PASSWORD_AUTH') {
    const { userPool, user } = await findUser(compat, request.ClientId, parameters.USERNAME);
    if (user) {
      const userPoolId = userPool.options.Id;
      const { ClientId: clientId, ClientMetadata: clientMetadata } = request;
      await runPreAuthentication(compat, { clientId, userPoolId, user, clientMetadata });
    }
    if (user && !passwordMatches(userPool.options.Id, user, parameters.PASSWORD))
      throw incorrectCredentials();
    if (user) parameters.PASSWORD = user.Password;
  } else {
    parameters.REFRESH_TOKEN = hashRefreshToken(parameters.REFRESH_TOKEN);
  }
  return rethrowAs('InvalidPasswordException', incorrectCredentials, () =>
    compat.engine.call('AdminInitiateAuth', { ...request, AuthParameters: parameters }),
  );
};
