import type { User } from 'cognito-local/lib/services/userPoolService';
import type { CognitoRequest, Compat, Handler } from './context.js';
import { requireUser } from './context.js';
import { cognitoError, incorrectCredentials, rethrowAs, userDoesNotExist } from './errors.js';
import { createSrpChallenge } from './srp.js';
import { issueTokens, refreshTokens } from './tokens.js';

/** The part of the pool id after '_', which Cognito's SRP mixes into every hash. */
export const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

/** Cognito's answer to SRP_A: the PASSWORD_VERIFIER challenge, its server state kept under SECRET_BLOCK. */
export function startSrp(compat: Compat, clientId: string, userPoolId: string, user: User, srpA: unknown) {
  if (typeof srpA !== 'string' || !/^[0-9a-f]+$/i.test(srpA)) {
    throw cognitoError('InvalidParameterException', 'SRP_A is required and must be hex.');
  }
  compat.limiter.assertAllowed(user.Username);
  const challenge = createSrpChallenge(poolNameOf(userPoolId), user.Username, user.Password);
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
export async function signInWithPassword(compat: Compat, clientId: string, user: User, password: unknown) {
  compat.limiter.assertAllowed(user.Username);
  if (typeof password !== 'string' || password !== user.Password) {
    compat.limiter.recordFailure(user.Username);
    throw incorrectCredentials();
  }
  compat.limiter.reset(user.Username);
  return issueTokens(compat.engine, clientId, user);
}

/** Choice offered by USER_AUTH without a preferred challenge. */
export const selectChallenge = (compat: Compat, user: User) => ({
  ChallengeName: 'SELECT_CHALLENGE',
  AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
  ChallengeParameters: {},
  Session: compat.signInSessions.put(user.Username),
});

async function userAuth(compat: Compat, request: CognitoRequest, user: User, userPoolId: string) {
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
      return signInWithPassword(compat, clientId, user, parameters.PASSWORD);
    case 'PASSWORD_SRP':
      return startSrp(compat, clientId, userPoolId, user, parameters.SRP_A);
    default:
      return selectChallenge(compat, user);
  }
}

export const initiateAuth: Handler = async (compat, request) => {
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
  if (flow === 'USER_SRP_AUTH') return startSrp(compat, clientId, userPoolId, user, parameters.SRP_A);
  if (flow === 'USER_PASSWORD_AUTH') return signInWithPassword(compat, clientId, user, parameters.PASSWORD);
  return userAuth(compat, request, user, userPoolId);
};

/** ADMIN_USER_PASSWORD_AUTH is cognito-local's, with Cognito's error for a wrong password. */
export const adminInitiateAuth: Handler = (compat, request) =>
  rethrowAs('InvalidPasswordException', incorrectCredentials, () =>
    compat.engine.call('AdminInitiateAuth', request),
  );
