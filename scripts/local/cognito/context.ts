import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import type { RequestClient } from '../../../functions/src/http/client.js';
import type { UserActivityLog } from './activity-log.js';
import type { Engine, LocalTriggerHandler } from './engine.js';
import type { AttemptLimiter } from './limits.js';
import type { SrpChallenge } from './srp.js';
import type { TokenKeys } from './tokens.js';
import type { TtlStore } from './ttl-store.js';

export interface PendingSrp {
  challenge: SrpChallenge;
  clientId: string;
  username: string;
  /** The client's public value, sent with InitiateAuth. */
  srpA: string;
}

/** What every compatibility handler works with. */
export interface Compat {
  engine: Engine;
  /** This data directory's token signing key (see tokens.ts). */
  keys: TokenKeys;
  limiter: AttemptLimiter;
  /** Keyed by the SECRET_BLOCK sent with the PASSWORD_VERIFIER challenge. */
  srpChallenges: TtlStore<PendingSrp>;
  /** Session -> internal username, for USER_AUTH after ConfirmSignUp and SELECT_CHALLENGE. */
  signInSessions: TtlStore<string>;
  /** Each password sign-in, passed or failed (threat protection's export on AWS). */
  activity?: UserActivityLog;
  /** The pre-authentication trigger (cognito-local has none): see pre-authentication.ts. */
  preAuthentication?: LocalTriggerHandler;
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are Cognito's JSON, checked where used.
export type CognitoRequest = Record<string, any>;
export type Handler = (compat: Compat, request: CognitoRequest, client: RequestClient) => Promise<object>;

export interface FoundUser {
  userPool: UserPoolService;
  user: User | null;
}

/**
 * Finds a user by internal username, sub or e-mail; e-mail matches ignore case, as in a Cognito pool
 * whose usernames are case-insensitive (cognito-local compares exactly).
 */
export async function findUser(compat: Compat, clientId: unknown, name: unknown): Promise<FoundUser> {
  const { services, ctx } = compat.engine;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, String(clientId));
  if (typeof name !== 'string' || name === '') return { userPool, user: null };
  const exact = await userPool.getUserByUsername(ctx, name);
  if (exact) return { userPool, user: exact };
  const wanted = name.toLowerCase();
  const users = await userPool.listUsers(ctx);
  const user = users.find((u) =>
    u.Attributes.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === wanted),
  );
  return { userPool, user: user ?? null };
}

/** Like findUser, but throws `notFound()` when there is no such user. */
export async function requireUser(compat: Compat, clientId: unknown, name: unknown, notFound: () => Error) {
  const found = await findUser(compat, clientId, name);
  if (!found.user) throw notFound();
  return { userPool: found.userPool, user: found.user };
}
