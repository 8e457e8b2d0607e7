import type { RequestClient } from '../../../functions/src/http/client.js';
import type { CognitoRequest, Compat, Handler } from './context.js';
import { requireUser } from './context.js';
import { poolNameOf } from './credential-store.js';
import { cognitoError, incorrectCredentials, userDoesNotExist } from './errors.js';
import { passwordFailed, passwordProven, signInWithPassword, startSrp } from './sign-in.js';
import { verifyPasswordClaim } from './srp.js';

const invalidSession = () => cognitoError('NotAuthorizedException', 'Invalid session for the user.');

async function passwordVerifier(compat: Compat, request: CognitoRequest, client: RequestClient) {
  const responses = request.ChallengeResponses ?? {};
  const pending = compat.srpChallenges.take(responses.PASSWORD_CLAIM_SECRET_BLOCK);
  if (!pending || pending.clientId !== request.ClientId) throw invalidSession();
  const { userPool, user } = await requireUser(compat, request.ClientId, pending.username, userDoesNotExist);
  compat.limiter.assertAllowed(user.Username);
  const proven = verifyPasswordClaim(pending.challenge, {
    poolName: poolNameOf(userPool.options.Id),
    userId: String(responses.USERNAME ?? ''),
    srpA: pending.srpA,
    secretBlock: String(responses.PASSWORD_CLAIM_SECRET_BLOCK),
    timestamp: String(responses.TIMESTAMP ?? ''),
    signature: String(responses.PASSWORD_CLAIM_SIGNATURE ?? ''),
  });
  const attempt = { clientId: request.ClientId, userPoolId: userPool.options.Id, user, client };
  if (!proven) {
    passwordFailed(compat, attempt);
    throw incorrectCredentials();
  }
  return passwordProven(compat, attempt);
}

/** USER_AUTH's SELECT_CHALLENGE answered with PASSWORD or PASSWORD_SRP. */
async function selectedChallenge(compat: Compat, request: CognitoRequest, client: RequestClient) {
  const responses = request.ChallengeResponses ?? {};
  const username = compat.signInSessions.take(request.Session);
  if (!username) throw invalidSession();
  const { userPool, user } = await requireUser(compat, request.ClientId, username, userDoesNotExist);
  if (responses.ANSWER === 'PASSWORD') {
    const attempt = { clientId: request.ClientId, userPoolId: userPool.options.Id, user, client };
    return signInWithPassword(compat, attempt, responses.PASSWORD);
  }
  if (responses.ANSWER === 'PASSWORD_SRP') {
    return startSrp(compat, request.ClientId, user, responses.SRP_A);
  }
  throw cognitoError('InvalidParameterException', `Unsupported challenge answer: ${responses.ANSWER}`);
}

export const respondToAuthChallenge: Handler = async (compat, request, client) => {
  if (request.ChallengeName === 'PASSWORD_VERIFIER') return passwordVerifier(compat, request, client);
  if (request.ChallengeName === 'SELECT_CHALLENGE') return selectedChallenge(compat, request, client);
  return compat.engine.call('RespondToAuthChallenge', request);
};
