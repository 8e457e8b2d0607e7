import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type {
  OAuthAuthority,
  OAuthClientPort,
  OAuthGrant,
  OAuthRegistration,
} from '../../domain/mcp/oauth/oauth-connection.js';
import { RefreshRefusedError } from '../../domain/mcp/oauth/oauth-connection.js';

const CLIENT_NAME = 'AgentForge';
/** A bare initialize: a protected server answers it 401 with its `WWW-Authenticate` challenge. */
const PROBE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: CLIENT_NAME, version: '1' },
  },
});

const auth = () => import('@modelcontextprotocol/sdk/client/auth.js');

const toGrant = (tokens: OAuthTokens, now: number): OAuthGrant => ({
  accessToken: tokens.access_token,
  ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
  ...(tokens.expires_in !== undefined ? { expiresAt: now + tokens.expires_in * 1000 } : {}),
});

const clientInformation = (registration: OAuthRegistration): OAuthClientInformationMixed => ({
  client_id: registration.clientId,
  ...(registration.clientSecret ? { client_secret: registration.clientSecret } : {}),
});

const metadataOf = (authority: OAuthAuthority) =>
  authority.metadata as AuthorizationServerMetadata | undefined;

/**
 * The OAuth client of the MCP authorization spec, on the SDK's `client/auth.ts` functions, every
 * request through the given fetch (the outbound guard's: no private address on AWS, no redirect).
 */
export function createOAuthClient(fetchFn: typeof fetch, now: () => number = Date.now): OAuthClientPort {
  return {
    /**
     * RFC 9728 from the 401's `resource_metadata` (else the well-known path), then RFC 8414 (else
     * OpenID discovery) at the authorization server it names (else the server's own origin).
     */
    async discover(serverUrl) {
      const { extractWWWAuthenticateParams, discoverOAuthServerInfo } = await auth();
      const probe = await fetchFn(serverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: PROBE_BODY,
        redirect: 'error',
      });
      await probe.body?.cancel().catch(() => undefined);
      const challenge = probe.status === 401 ? extractWWWAuthenticateParams(probe) : {};
      const info = await discoverOAuthServerInfo(serverUrl, {
        ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
        fetchFn,
      });
      const scope = challenge.scope ?? info.resourceMetadata?.scopes_supported?.join(' ');
      return {
        authorizationServerUrl: info.authorizationServerUrl,
        ...(info.authorizationServerMetadata ? { metadata: info.authorizationServerMetadata } : {}),
        // RFC 8707: the metadata's own string (the SDK's note #1968), else the server's URL.
        resource: info.resourceMetadata?.resource ?? serverUrl,
        ...(scope ? { scope } : {}),
      };
    },

    async register(authority, redirectUri) {
      const { registerClient } = await auth();
      const metadata = metadataOf(authority);
      if (metadata && !metadata.registration_endpoint) return undefined;
      const registered = await registerClient(authority.authorizationServerUrl, {
        ...(metadata ? { metadata } : {}),
        clientMetadata: {
          client_name: CLIENT_NAME,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
          ...(authority.scope ? { scope: authority.scope } : {}),
        },
        fetchFn,
      });
      return {
        clientId: registered.client_id,
        ...(registered.client_secret ? { clientSecret: registered.client_secret } : {}),
      };
    },

    async authorizationUrl(authority, registration, { redirectUri, state }) {
      const { startAuthorization } = await auth();
      const metadata = metadataOf(authority);
      const { authorizationUrl, codeVerifier } = await startAuthorization(authority.authorizationServerUrl, {
        ...(metadata ? { metadata } : {}),
        clientInformation: clientInformation(registration),
        redirectUrl: redirectUri,
        state,
        resource: authority.resource,
        ...(authority.scope ? { scope: authority.scope } : {}),
      });
      return { url: authorizationUrl.href, codeVerifier };
    },

    async exchange(authority, registration, { code, codeVerifier, redirectUri }) {
      const { exchangeAuthorization } = await auth();
      const metadata = metadataOf(authority);
      const tokens = await exchangeAuthorization(authority.authorizationServerUrl, {
        ...(metadata ? { metadata } : {}),
        clientInformation: clientInformation(registration),
        authorizationCode: code,
        codeVerifier,
        redirectUri,
        resource: authority.resource,
        fetchFn,
      });
      return toGrant(tokens, now());
    },

    async refresh(authority, registration, refreshToken) {
      const { refreshAuthorization } = await auth();
      const { InvalidGrantError, UnauthorizedClientError, InvalidClientError } = await import(
        '@modelcontextprotocol/sdk/server/auth/errors.js'
      );
      const metadata = metadataOf(authority);
      try {
        const tokens = await refreshAuthorization(authority.authorizationServerUrl, {
          ...(metadata ? { metadata } : {}),
          clientInformation: clientInformation(registration),
          refreshToken,
          resource: authority.resource,
          fetchFn,
        });
        return toGrant(tokens, now());
      } catch (error) {
        const refused = [InvalidGrantError, UnauthorizedClientError, InvalidClientError];
        if (refused.some((type) => error instanceof type)) throw new RefreshRefusedError({ cause: error });
        throw error;
      }
    },

    /** RFC 7009, where the server has a revocation endpoint; false where it has none. */
    async revoke(authority, registration, token) {
      const endpoint = authority.metadata?.revocation_endpoint;
      if (typeof endpoint !== 'string') return false;
      const body = new URLSearchParams({ token, client_id: registration.clientId });
      if (registration.clientSecret) body.set('client_secret', registration.clientSecret);
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'error',
      });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    },
  };
}
