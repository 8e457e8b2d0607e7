import { createHash, randomBytes } from 'node:crypto';
import { type OAuthConnectionState, SERVER_MESSAGES } from '@agentforge/shared';
import { ConflictError, OAuthClientRequiredError, ValidationError } from '../../errors.js';
import type { SecretCipher } from '../../secret-cipher.js';
import {
  type OAuthAuthority,
  type OAuthClientPort,
  type OAuthConnectionRepository,
  type OAuthRegistration,
  oauthClientSecretContext,
} from './oauth-connection.js';
import { encryptTokens, registrationOf, tokensOf } from './oauth-tokens.js';

/** How long an authorization may take between Connect and the callback. */
export const PENDING_AUTHORIZATION_SECONDS = 600;

export interface OAuthConnectDeps {
  connections: OAuthConnectionRepository;
  client: OAuthClientPort;
  cipher: SecretCipher;
  now: () => number;
  /** Told when a server could not revoke a token on disconnect (the tokens are deleted anyway). */
  onRevokeFailure?: (error: unknown) => void;
}

/** The remote server being connected: the caller may use it (checked by the route). */
export interface ConnectTarget {
  serverId: string;
  url: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Connecting a user to a remote MCP server with OAuth: discovery, registration (or the client id
 * the user gives), the authorization URL with PKCE, `resource` and a state kept server-side; the
 * callback's code exchanged once; disconnect revokes (RFC 7009) and deletes.
 */
export function createOAuthConnect(deps: OAuthConnectDeps) {
  const { connections, client, cipher } = deps;

  async function revokeQuietly(authority: OAuthAuthority, registration: OAuthRegistration, token: string) {
    try {
      await client.revoke(authority, registration, token);
    } catch (error) {
      deps.onRevokeFailure?.(error);
    }
  }

  /** RFC 7591; a server without it (or refusing it) needs the user's own client ID. */
  async function registerOrAsk(authority: OAuthAuthority, redirectUri: string): Promise<OAuthRegistration> {
    let registration: OAuthRegistration | undefined;
    try {
      registration = await client.register(authority, redirectUri);
    } catch (error) {
      throw new OAuthClientRequiredError(SERVER_MESSAGES.remoteOAuthClientRequired, { cause: error });
    }
    if (!registration) throw new OAuthClientRequiredError(SERVER_MESSAGES.remoteOAuthClientRequired);
    return registration;
  }

  return {
    async start(
      userId: string,
      target: ConnectTarget,
      request: { redirectUri: string; clientId?: string | undefined; clientSecret?: string | undefined },
    ): Promise<{ authorizationUrl: string }> {
      let authority: OAuthAuthority;
      try {
        authority = await client.discover(target.url);
      } catch (error) {
        throw new ConflictError(SERVER_MESSAGES.remoteOAuthUnavailable, { cause: error });
      }
      const registration: OAuthRegistration = request.clientId
        ? {
            clientId: request.clientId,
            ...(request.clientSecret ? { clientSecret: request.clientSecret } : {}),
          }
        : await registerOrAsk(authority, request.redirectUri);
      const state = randomBytes(32).toString('base64url');
      const { url, codeVerifier } = await client.authorizationUrl(authority, registration, {
        redirectUri: request.redirectUri,
        state,
      });
      await connections.putPending(userId, sha256(state), {
        serverId: target.serverId,
        authority: JSON.stringify(authority),
        clientId: registration.clientId,
        ...(registration.clientSecret
          ? {
              clientSecretCiphertext: await cipher.encrypt(
                registration.clientSecret,
                oauthClientSecretContext(userId, target.serverId),
              ),
            }
          : {}),
        codeVerifier,
        redirectUri: request.redirectUri,
        expiresAt: Math.floor(deps.now() / 1000) + PENDING_AUTHORIZATION_SECONDS,
      });
      return { authorizationUrl: url };
    },

    /** The callback: only with a state issued to this caller, once, before it expires. */
    async complete(userId: string, callback: { code: string; state: string }): Promise<{ serverId: string }> {
      const pending = await connections.takePending(
        userId,
        sha256(callback.state),
        Math.floor(deps.now() / 1000),
      );
      if (!pending) throw new ValidationError(SERVER_MESSAGES.remoteOAuthStateRefused);
      const { serverId } = pending;
      const authority = JSON.parse(pending.authority) as OAuthAuthority;
      const record = {
        userId,
        serverId,
        authority: pending.authority,
        clientId: pending.clientId,
        ...(pending.clientSecretCiphertext ? { clientSecretCiphertext: pending.clientSecretCiphertext } : {}),
      };
      const registration = await registrationOf(cipher, record);
      let grant: Awaited<ReturnType<OAuthClientPort['exchange']>>;
      try {
        grant = await client.exchange(authority, registration, {
          code: callback.code,
          codeVerifier: pending.codeVerifier,
          redirectUri: pending.redirectUri,
        });
      } catch (error) {
        throw new ValidationError(SERVER_MESSAGES.remoteOAuthCodeRefused, { cause: error });
      }
      const previous = await connections.get(userId, serverId);
      const now = deps.now();
      await connections.put({
        ...record,
        status: 'connected',
        tokensCiphertext: await encryptTokens(cipher, userId, serverId, {
          accessToken: grant.accessToken,
          ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
        }),
        ...(grant.expiresAt !== undefined ? { tokenExpiresAt: grant.expiresAt } : {}),
        connectedAt: now,
        updatedAt: now,
        revision: (previous?.revision ?? 0) + 1,
      });
      // A reconnect replaces the old grant: revoke it where the server can.
      if (previous) {
        const old = await tokensOf(cipher, previous).catch(() => undefined);
        const token = old?.refreshToken ?? old?.accessToken;
        if (token)
          await revokeQuietly(
            JSON.parse(previous.authority) as OAuthAuthority,
            await registrationOf(cipher, previous),
            token,
          );
      }
      return { serverId };
    },

    async state(userId: string, serverId: string): Promise<OAuthConnectionState> {
      const record = await connections.get(userId, serverId);
      if (!record) return 'not_connected';
      return record.status;
    },

    /** Revokes (RFC 7009, where the server supports it) and deletes. Disconnecting nothing is fine. */
    async disconnect(userId: string, serverId: string): Promise<void> {
      const record = await connections.delete(userId, serverId);
      if (!record) return;
      const tokens = await tokensOf(cipher, record);
      const registration = await registrationOf(cipher, record);
      const authority = JSON.parse(record.authority) as OAuthAuthority;
      // The refresh token ends the whole grant on most servers; the access token too where it does not.
      if (tokens.refreshToken) await revokeQuietly(authority, registration, tokens.refreshToken);
      await revokeQuietly(authority, registration, tokens.accessToken);
    },
  };
}
export type OAuthConnect = ReturnType<typeof createOAuthConnect>;
