import { randomBytes, randomUUID } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What the consent page needs to finish an authorization the user allows or denies. */
interface PendingConsent {
  client: OAuthClientInformationFull;
  params: AuthorizationParams;
}

interface Grant {
  clientId: string;
  scopes: string[];
  resource?: URL | undefined;
}

export interface LocalOAuthOptions {
  /** Access tokens live this long (short, so a test can make them expire). */
  accessTokenTtlSeconds: number;
  /** The MCP endpoint: the only audience (RFC 8707) its tokens are good for. */
  resource: URL;
  /** Off: no RFC 7591 registration (no `registration_endpoint`); only the pre-registered client. */
  dynamicRegistration: boolean;
  /** The client registered by hand (as an operator would in a server's developer console). */
  registeredClient: { clientId: string; clientSecret: string; redirectUris: readonly string[] };
  now?: () => number;
}

/** What the authorization server did, for tests to see (a refresh, a revocation). */
export interface LocalOAuthEvent {
  type: 'registered' | 'issued' | 'refreshed' | 'revoked';
  clientId: string;
}

const token = () => randomBytes(24).toString('base64url');
const CODE_TTL_MS = 60_000;

/**
 * The local remote MCP server's own authorization server, in memory: dynamic client registration
 * (or, with it off, only a client registered by hand), a consent page, codes bound to their PKCE challenge, short-lived access tokens bound to the MCP
 * endpoint, refresh tokens rotated on use (a reused one revokes its whole grant, as RFC 9700
 * advises), revocation (RFC 7009).
 */
export function createLocalOAuthProvider(options: LocalOAuthOptions) {
  const now = options.now ?? Date.now;
  const clients = new Map<string, OAuthClientInformationFull>();
  const consents = new Map<string, PendingConsent>();
  const codes = new Map<string, PendingConsent & { expiresAt: number }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number; grantId: string }>();
  const refreshTokens = new Map<string, Grant & { grantId: string; used: boolean }>();
  const events: LocalOAuthEvent[] = [];
  const { registeredClient } = options;
  clients.set(registeredClient.clientId, {
    client_id: registeredClient.clientId,
    client_secret: registeredClient.clientSecret,
    client_name: 'AgentForge (registered by hand)',
    redirect_uris: [...registeredClient.redirectUris],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });

  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (clientId) => clients.get(clientId),
    // Without `registerClient` the SDK's router neither advertises nor serves registration.
    ...(options.dynamicRegistration
      ? {
          registerClient: (
            metadata: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>,
          ) => {
            const client = {
              ...metadata,
              client_id: randomUUID(),
              client_id_issued_at: Math.floor(now() / 1000),
            };
            clients.set(client.client_id, client);
            events.push({ type: 'registered', clientId: client.client_id });
            return client;
          },
        }
      : {}),
  };

  function issue(grant: Grant, grantId: string): OAuthTokens {
    const access = token();
    const refresh = token();
    accessTokens.set(access, { ...grant, grantId, expiresAt: now() + options.accessTokenTtlSeconds * 1000 });
    refreshTokens.set(refresh, { ...grant, grantId, used: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: options.accessTokenTtlSeconds,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    };
  }

  function revokeGrant(grantId: string) {
    for (const [key, value] of accessTokens) if (value.grantId === grantId) accessTokens.delete(key);
    for (const [key, value] of refreshTokens) if (value.grantId === grantId) refreshTokens.delete(key);
  }

  const sameResource = (requested: URL | undefined) =>
    requested === undefined || requested.href === options.resource.href;

  const provider: OAuthServerProvider = {
    get clientsStore() {
      return clientsStore;
    },
    async authorize(client, params, res) {
      const id = token();
      consents.set(id, { client, params });
      res.redirect(`/consent?request=${encodeURIComponent(id)}`);
    },
    async challengeForAuthorizationCode(_client, code) {
      const issued = codes.get(code);
      if (!issued) throw new InvalidGrantError('Unknown authorization code');
      return issued.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
      const issued = codes.get(code);
      codes.delete(code); // once
      if (!issued || issued.client.client_id !== client.client_id || issued.expiresAt < now())
        throw new InvalidGrantError('Invalid or expired authorization code');
      if (redirectUri !== undefined && redirectUri !== issued.params.redirectUri)
        throw new InvalidGrantError('The redirect URI does not match the authorization request');
      if (!sameResource(resource ?? issued.params.resource))
        throw new InvalidGrantError(`Tokens here are for ${options.resource.href} only`);
      const scopes = issued.params.scopes ?? [];
      events.push({ type: 'issued', clientId: client.client_id });
      return issue({ clientId: client.client_id, scopes, resource: options.resource }, randomUUID());
    },
    async exchangeRefreshToken(client, refreshToken, _scopes, resource) {
      const grant = refreshTokens.get(refreshToken);
      if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('Unknown refresh token');
      if (grant.used) {
        // A rotated token presented again: someone holds a copy. End the grant.
        revokeGrant(grant.grantId);
        throw new InvalidGrantError('Refresh token reused: the grant is revoked');
      }
      if (!sameResource(resource))
        throw new InvalidGrantError(`Tokens here are for ${options.resource.href} only`);
      grant.used = true;
      events.push({ type: 'refreshed', clientId: client.client_id });
      return issue(
        { clientId: grant.clientId, scopes: grant.scopes, resource: grant.resource },
        grant.grantId,
      );
    },
    async verifyAccessToken(accessToken): Promise<AuthInfo> {
      const grant = accessTokens.get(accessToken);
      if (!grant || grant.expiresAt <= now()) throw new InvalidTokenError('Invalid or expired access token');
      return {
        token: accessToken,
        clientId: grant.clientId,
        scopes: grant.scopes,
        expiresAt: Math.ceil(grant.expiresAt / 1000),
        ...(grant.resource ? { resource: grant.resource } : {}),
      };
    },
    async revokeToken(client, request) {
      const grant = accessTokens.get(request.token) ?? refreshTokens.get(request.token);
      if (grant && grant.clientId === client.client_id) {
        revokeGrant(grant.grantId);
        events.push({ type: 'revoked', clientId: client.client_id });
      }
    },
  };

  return {
    provider,
    /** What it has done so far, oldest first. */
    events: (): readonly LocalOAuthEvent[] => [...events],
    /** The consent page's request, if it is still pending. */
    consent: (id: string) => consents.get(id),
    /** The user's answer: the redirect back to the client, with a code or `access_denied`. */
    decide(id: string, allow: boolean): string | undefined {
      const pending = consents.get(id);
      consents.delete(id);
      if (!pending) return undefined;
      const target = new URL(pending.params.redirectUri);
      if (allow) {
        const code = token();
        codes.set(code, { ...pending, expiresAt: now() + CODE_TTL_MS });
        target.searchParams.set('code', code);
      } else target.searchParams.set('error', 'access_denied');
      if (pending.params.state !== undefined) target.searchParams.set('state', pending.params.state);
      return target.href;
    },
  };
}
export type LocalOAuth = ReturnType<typeof createLocalOAuthProvider>;
