import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES } from '@agentforge/shared';
import { ConflictError } from '../../errors.js';
import type { SecretCipher } from '../../secret-cipher.js';
import {
  type OAuthAuthority,
  type OAuthClientPort,
  type OAuthConnectionRecord,
  type OAuthConnectionRepository,
  type OAuthRegistration,
  oauthClientSecretContext,
  oauthTokensContext,
  RefreshRefusedError,
} from './oauth-connection.js';

/** A token is refreshed this long before it expires, plus up to REFRESH_JITTER_MS more. */
export const REFRESH_AHEAD_MS = 60_000;
/** Spreads the refreshes of many connections issued together (no refresh storm at one instant). */
export const REFRESH_JITTER_MS = 30_000;
/** The refresh lease: long enough for a token request, short enough that a crashed holder is not waited for long. */
export const REFRESH_LEASE_MS = 15_000;
const WAIT_STEP_MS = 150;

/**
 * When a token expiring at `expiresAt` is refreshed: REFRESH_AHEAD_MS before, plus the jitter
 * (`jitter` in [0, 1): a per-connection draw, so concurrent replies agree on it within a read).
 */
export function refreshDueAt(expiresAt: number, jitter: number): number {
  return expiresAt - REFRESH_AHEAD_MS - Math.floor(jitter * REFRESH_JITTER_MS);
}

interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
}

export interface OAuthTokensDeps {
  connections: OAuthConnectionRepository;
  client: OAuthClientPort;
  cipher: SecretCipher;
  now: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export async function registrationOf(
  cipher: SecretCipher,
  record: Pick<OAuthConnectionRecord, 'userId' | 'serverId' | 'clientId' | 'clientSecretCiphertext'>,
): Promise<OAuthRegistration> {
  return {
    clientId: record.clientId,
    ...(record.clientSecretCiphertext
      ? {
          clientSecret: await cipher.decrypt(
            record.clientSecretCiphertext,
            oauthClientSecretContext(record.userId, record.serverId),
          ),
        }
      : {}),
  };
}

export async function tokensOf(cipher: SecretCipher, record: OAuthConnectionRecord): Promise<StoredTokens> {
  return JSON.parse(
    await cipher.decrypt(record.tokensCiphertext, oauthTokensContext(record.userId, record.serverId)),
  ) as StoredTokens;
}

export const encryptTokens = (cipher: SecretCipher, userId: string, serverId: string, tokens: StoredTokens) =>
  cipher.encrypt(JSON.stringify(tokens), oauthTokensContext(userId, serverId));

/**
 * A user's access token for a remote server, refreshed before it expires (with jitter), one refresh
 * at a time: the refresher takes a lease with a conditional write; another reply that finds the
 * lease held waits and reads the token the holder wrote. A refused refresh marks the connection
 * 'needs reconnect'.
 */
export function createOAuthTokens(deps: OAuthTokensDeps) {
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function refreshUnderLease(record: OAuthConnectionRecord, tokens: StoredTokens, leaseId: string) {
    const { userId, serverId } = record;
    const settle = (changes: Parameters<OAuthConnectionRepository['settleLease']>[3]) =>
      deps.connections.settleLease(userId, serverId, leaseId, { ...changes, updatedAt: deps.now() });
    if (!tokens.refreshToken) {
      await settle({ status: 'needs_reconnect' });
      throw new ConflictError(SERVER_MESSAGES.remoteNeedsReconnect);
    }
    const authority = JSON.parse(record.authority) as OAuthAuthority;
    try {
      const grant = await deps.client.refresh(
        authority,
        await registrationOf(deps.cipher, record),
        tokens.refreshToken,
      );
      const next = {
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken ?? tokens.refreshToken,
      };
      await settle({
        tokensCiphertext: await encryptTokens(deps.cipher, userId, serverId, next),
        ...(grant.expiresAt !== undefined ? { tokenExpiresAt: grant.expiresAt } : {}),
      });
      return next.accessToken;
    } catch (error) {
      if (error instanceof RefreshRefusedError) {
        await settle({ status: 'needs_reconnect' });
        throw new ConflictError(SERVER_MESSAGES.remoteNeedsReconnect, { cause: error });
      }
      await settle({});
      throw error;
    }
  }

  return {
    /**
     * The access token to send. `refused`: the token the server just answered 401 to, which is
     * then refreshed even if it has not expired (unless another reply already replaced it).
     */
    async accessToken(userId: string, serverId: string, refused?: string): Promise<string> {
      const jitter = random();
      const deadline = deps.now() + REFRESH_LEASE_MS * 2;
      for (;;) {
        const record = await deps.connections.get(userId, serverId);
        if (!record) throw new ConflictError(SERVER_MESSAGES.remoteNeedsAuthorization);
        if (record.status === 'needs_reconnect')
          throw new ConflictError(SERVER_MESSAGES.remoteNeedsReconnect);
        const tokens = await tokensOf(deps.cipher, record);
        const now = deps.now();
        const due =
          tokens.accessToken === refused ||
          (record.tokenExpiresAt !== undefined && now >= refreshDueAt(record.tokenExpiresAt, jitter));
        if (!due) return tokens.accessToken;
        const leaseId = randomUUID();
        if (await deps.connections.acquireLease(record, { leaseId, now, until: now + REFRESH_LEASE_MS }))
          return refreshUnderLease(record, tokens, leaseId);
        if (now > deadline) throw new ConflictError(SERVER_MESSAGES.remoteNeedsReconnect);
        await sleep(WAIT_STEP_MS);
      }
    },
  };
}
export type OAuthTokens = ReturnType<typeof createOAuthTokens>;
