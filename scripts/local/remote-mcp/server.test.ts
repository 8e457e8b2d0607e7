import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRemoteMcp, startLocalRemoteMcp } from './server.js';

const REDIRECT = 'http://localhost:5999/mcp-oauth/callback';
const TTL_SECONDS = 60;
let server: LocalRemoteMcp;
/** How far the authorization server's clock is ahead (moved on to make tokens expire). */
let ahead = 0;

beforeAll(async () => {
  server = await startLocalRemoteMcp({
    port: 0,
    apiKey: 'key',
    accessTokenTtlSeconds: TTL_SECONDS,
    now: () => Date.now() + ahead,
  });
});
afterAll(() => server?.stop());

const initialize = (accessToken?: string) =>
  fetch(server.mcpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });

async function toolsWith(accessToken: string) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    }),
  );
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((tool) => tool.name);
}

/** The whole flow as an MCP client runs it, up to the tokens. */
async function authorize(decision: 'allow' | 'deny' = 'allow') {
  const challenge = await initialize();
  const { resourceMetadataUrl } = extractWWWAuthenticateParams(challenge);
  const resourceMetadata = await discoverOAuthProtectedResourceMetadata(server.mcpUrl, {
    ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
  });
  const issuer = resourceMetadata.authorization_servers?.[0] as string;
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  if (!metadata) throw new Error('no authorization server metadata');
  const clientInformation = await registerClient(issuer, {
    metadata,
    clientMetadata: {
      client_name: 'AgentForge',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  });
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation,
    redirectUrl: REDIRECT,
    scope: 'tools',
    state: 'state-1',
    resource: new URL(server.mcpUrl),
  });
  const toConsent = await fetch(authorizationUrl, { redirect: 'manual' });
  const consentUrl = new URL(toConsent.headers.get('location') as string, server.url);
  const page = await (await fetch(consentUrl)).text();
  const answer = await fetch(new URL('/consent', server.url), {
    method: 'POST',
    body: new URLSearchParams({ request: consentUrl.searchParams.get('request') as string, decision }),
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location') as string);
  return { challenge, resourceMetadata, metadata, clientInformation, codeVerifier, page, back, issuer };
}

describe('the local remote MCP server behind OAuth', () => {
  it('answers 401 with its protected resource metadata, which names its authorization server', async () => {
    const { challenge, resourceMetadata, metadata } = await authorize('deny');
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(resourceMetadata.resource).toBe(server.mcpUrl);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.registration_endpoint).toBeDefined();
    expect((metadata as { revocation_endpoint?: string }).revocation_endpoint).toBeDefined();
  });

  it('asks for consent; denying returns access_denied with the state', async () => {
    const { page, back } = await authorize('deny');
    expect(page).toContain('<title>Local test MCP authorization</title>');
    expect(page).toContain('Authorize AgentForge?');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-1');
  });

  it('issues short-lived tokens for the MCP endpoint only, refreshes them once each, and revokes', async () => {
    const { back, metadata, clientInformation, issuer } = await authorize('allow');
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') as string;
    const elsewhere = exchangeAuthorization(issuer, {
      metadata,
      clientInformation,
      authorizationCode: code,
      codeVerifier: 'x'.repeat(50),
      redirectUri: REDIRECT,
      resource: new URL(server.mcpUrl),
    });
    await expect(elsewhere).rejects.toThrow(); // a wrong PKCE verifier

    const again = await authorize('allow');
    const tokens = await exchangeAuthorization(issuer, {
      metadata: again.metadata,
      clientInformation: again.clientInformation,
      authorizationCode: again.back.searchParams.get('code') as string,
      codeVerifier: again.codeVerifier,
      redirectUri: REDIRECT,
      resource: new URL(server.mcpUrl),
    });
    expect(tokens.expires_in).toBe(TTL_SECONDS);
    expect(await toolsWith(tokens.access_token)).toContain('echo');

    ahead += (TTL_SECONDS + 1) * 1000;
    expect((await initialize(tokens.access_token)).status).toBe(401);
    const refreshed = await refreshAuthorization(issuer, {
      metadata: again.metadata,
      clientInformation: again.clientInformation,
      refreshToken: tokens.refresh_token as string,
      resource: new URL(server.mcpUrl),
    });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await initialize(refreshed.access_token)).status).toBe(200);

    const revoked = await fetch(
      (metadata as { revocation_endpoint?: string }).revocation_endpoint as string,
      {
        method: 'POST',
        body: new URLSearchParams({
          token: refreshed.access_token,
          client_id: again.clientInformation.client_id,
        }),
      },
    );
    expect(revoked.status).toBe(200);
    expect((await initialize(refreshed.access_token)).status).toBe(401);
  });

  it('revokes the whole grant when a rotated refresh token is used again', async () => {
    const flow = await authorize('allow');
    const options = { metadata: flow.metadata, clientInformation: flow.clientInformation };
    const tokens = await exchangeAuthorization(flow.issuer, {
      ...options,
      authorizationCode: flow.back.searchParams.get('code') as string,
      codeVerifier: flow.codeVerifier,
      redirectUri: REDIRECT,
      resource: new URL(server.mcpUrl),
    });
    const first = await refreshAuthorization(flow.issuer, {
      ...options,
      refreshToken: tokens.refresh_token as string,
    });
    const replay = refreshAuthorization(flow.issuer, {
      ...options,
      refreshToken: tokens.refresh_token as string,
    });
    await expect(replay).rejects.toThrow(/reused/);
    const after = refreshAuthorization(flow.issuer, {
      ...options,
      refreshToken: first.refresh_token as string,
    });
    await expect(after).rejects.toThrow();
  });
});
