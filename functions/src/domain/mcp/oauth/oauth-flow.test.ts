import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAUTH_CLIENT_REQUIRED_ERROR_CODE, SERVER_MESSAGES } from '@agentforge/shared';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../../../../scripts/local/dynamodb.js';
import { type LocalRemoteMcp, startLocalRemoteMcp } from '../../../../../scripts/local/remote-mcp/server.js';
import { createOAuthConnectionRepository } from '../../../adapters/dynamodb/oauth-connection-repository.js';
import { createOAuthClient } from '../../../adapters/mcp-client/oauth-client.js';
import { ensureLocalSecretKeyFile } from '../../../adapters/secrets/local-key-file.js';
import { createLocalSecretCipher } from '../../../adapters/secrets/local-secret-cipher.js';
import { createOAuthConnect } from './oauth-connect.js';
import type { OAuthClientPort } from './oauth-connection.js';
import { createOAuthTokens, REFRESH_AHEAD_MS, REFRESH_JITTER_MS, refreshDueAt } from './oauth-tokens.js';

const REDIRECT = 'http://localhost:5173/oauth/mcp-callback';
const TTL_SECONDS = 600;
let dir: string;
let dynamo: LocalDynamo;
let remote: LocalRemoteMcp;
/** The same server whose authorization server registers no clients itself (only one registered by hand). */
let unregistering: LocalRemoteMcp;
/** The authorization server's clock and ours, moved on together to make tokens expire. */
let ahead = 0;
const now = () => Date.now() + ahead;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oauth-flow-'));
  [dynamo, remote] = await Promise.all([
    startLocalDynamo({ path: join(dir, 'db'), port: 0, tablePrefix: 't' }),
    startLocalRemoteMcp({ port: 0, apiKey: 'key', accessTokenTtlSeconds: TTL_SECONDS, now }),
    ensureLocalSecretKeyFile(join(dir, 'key')),
  ]);
  unregistering = await startLocalRemoteMcp({
    port: 0,
    apiKey: 'key',
    dynamicRegistration: false,
    redirectUris: [REDIRECT],
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([dynamo?.stop(), remote?.stop(), unregistering?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

function setup(client: OAuthClientPort = createOAuthClient(fetch, now)) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamo.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const connections = createOAuthConnectionRepository(db, dynamo.tableNames.oauthConnections);
  const cipher = createLocalSecretCipher({ keyFile: join(dir, 'key') });
  const deps = { connections, client, cipher, now };
  return { connections, connect: createOAuthConnect(deps), tokens: createOAuthTokens(deps), cipher };
}

/** Connect → consent (Allow) → the callback's code and state, as the browser would carry them. */
async function consent(authorizationUrl: string) {
  const toConsent = await fetch(authorizationUrl, { redirect: 'manual' });
  const consentUrl = new URL(toConsent.headers.get('location') as string, authorizationUrl);
  const answer = await fetch(new URL('/consent', authorizationUrl), {
    method: 'POST',
    body: new URLSearchParams({
      request: consentUrl.searchParams.get('request') as string,
      decision: 'allow',
    }),
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location') as string);
  return { code: back.searchParams.get('code') as string, state: back.searchParams.get('state') as string };
}

async function connected(userId: string, serverId: string, flow = setup()) {
  const { authorizationUrl } = await flow.connect.start(
    userId,
    { serverId, url: remote.mcpUrl },
    { redirectUri: REDIRECT },
  );
  await flow.connect.complete(userId, await consent(authorizationUrl));
  return flow;
}

describe('refreshDueAt', () => {
  it('falls between REFRESH_AHEAD_MS and REFRESH_AHEAD_MS + REFRESH_JITTER_MS before expiry', () => {
    const expiresAt = 10_000_000;
    expect(refreshDueAt(expiresAt, 0)).toBe(expiresAt - REFRESH_AHEAD_MS);
    expect(refreshDueAt(expiresAt, 0.999_999)).toBeGreaterThan(
      expiresAt - REFRESH_AHEAD_MS - REFRESH_JITTER_MS,
    );
    expect(refreshDueAt(expiresAt, 0.5)).toBe(expiresAt - REFRESH_AHEAD_MS - REFRESH_JITTER_MS / 2);
  });
});

describe('the OAuth client against the local OAuth-protected MCP server', () => {
  it('discovers from the 401: protected resource metadata, the authorization server, the resource', async () => {
    const authority = await createOAuthClient(fetch).discover(remote.mcpUrl);
    expect(authority.resource).toBe(remote.mcpUrl);
    expect(new URL(authority.authorizationServerUrl).origin).toBe(new URL(remote.url).origin);
    expect(authority.metadata?.registration_endpoint).toBeDefined();
    expect(authority.metadata?.code_challenge_methods_supported).toContain('S256');
  });

  it('registers, asks with PKCE, resource and state, and stores the tokens encrypted', async () => {
    const flow = setup();
    const { authorizationUrl } = await flow.connect.start(
      'alice',
      { serverId: 's1', url: remote.mcpUrl },
      {
        redirectUri: REDIRECT,
      },
    );
    const asked = new URL(authorizationUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(remote.mcpUrl);
    expect(asked.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    const callback = await consent(authorizationUrl);
    await expect(flow.connect.complete('bob', callback)).rejects.toThrow(
      SERVER_MESSAGES.remoteOAuthStateRefused,
    );
    expect(await flow.connect.complete('alice', callback)).toEqual({ serverId: 's1' });
    await expect(flow.connect.complete('alice', callback)).rejects.toThrow(
      SERVER_MESSAGES.remoteOAuthStateRefused,
    );
    const record = await flow.connections.get('alice', 's1');
    expect(record?.status).toBe('connected');
    const token = await flow.tokens.accessToken('alice', 's1');
    expect(record?.tokensCiphertext).not.toContain(token);
    expect(await flow.connect.state('alice', 's1')).toBe('connected');
    expect(await flow.connect.state('bob', 's1')).toBe('not_connected');
  });

  it('two concurrent replies past the refresh point make one refresh and share its token', async () => {
    let refreshes = 0;
    const real = createOAuthClient(fetch, now);
    const counting: OAuthClientPort = {
      ...real,
      refresh: (...args) => {
        refreshes++;
        return real.refresh(...args);
      },
    };
    const flow = await connected('carol', 's2', setup(counting));
    const before = await flow.tokens.accessToken('carol', 's2');
    ahead += TTL_SECONDS * 1000 - REFRESH_AHEAD_MS + 1000; // past the refresh point, whatever the jitter
    const [first, second] = await Promise.all([
      flow.tokens.accessToken('carol', 's2'),
      flow.tokens.accessToken('carol', 's2'),
    ]);
    expect(refreshes).toBe(1);
    expect(first).toBe(second);
    expect(first).not.toBe(before);
    // The rotated refresh token was not used twice (the server would have revoked the grant).
    ahead += TTL_SECONDS * 1000;
    expect(await flow.tokens.accessToken('carol', 's2')).not.toBe(first);
    expect(refreshes).toBe(2);
  });

  it('a refused refresh marks the connection needs reconnect; disconnect revokes and forgets', async () => {
    const flow = await connected('dave', 's3');
    const token = await flow.tokens.accessToken('dave', 's3');
    await flow.connect.disconnect('dave', 's3');
    expect(await flow.connect.state('dave', 's3')).toBe('not_connected');
    const check = await fetch(remote.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(401);

    const again = await connected('dave', 's3');
    const refused = await again.tokens.accessToken('dave', 's3');
    // Revoke the grant behind AgentForge's back: the next refresh is refused (invalid_grant).
    const record = await again.connections.get('dave', 's3');
    const authority = JSON.parse(record?.authority as string);
    await createOAuthClient(fetch).revoke(authority, { clientId: record?.clientId as string }, refused);
    await expect(again.tokens.accessToken('dave', 's3', refused)).rejects.toThrow(
      SERVER_MESSAGES.remoteNeedsReconnect,
    );
    expect(await again.connect.state('dave', 's3')).toBe('needs_reconnect');
  });

  it("asks for the user's own client ID where the server registers none, and connects with it", async () => {
    const flow = setup();
    const target = { serverId: 's4', url: unregistering.mcpUrl };
    const refused = flow.connect.start('erin', target, { redirectUri: REDIRECT });
    await expect(refused).rejects.toMatchObject({
      code: OAUTH_CLIENT_REQUIRED_ERROR_CODE,
      message: SERVER_MESSAGES.remoteOAuthClientRequired,
    });
    const { clientId, clientSecret } = unregistering.registeredClient;
    const { authorizationUrl } = await flow.connect.start('erin', target, {
      redirectUri: REDIRECT,
      clientId,
      clientSecret,
    });
    expect(new URL(authorizationUrl).searchParams.get('client_id')).toBe(clientId);
    await flow.connect.complete('erin', await consent(authorizationUrl));
    const record = await flow.connections.get('erin', 's4');
    expect(record?.clientId).toBe(clientId);
    expect(JSON.stringify(record)).not.toContain(clientSecret);
    expect(await flow.tokens.accessToken('erin', 's4')).toBeTruthy();
    expect(unregistering.oauthEvents()).toEqual([{ type: 'issued', clientId }]);
  });

  it("asks for the user's own client ID when registration fails", async () => {
    const real = createOAuthClient(fetch, now);
    const failing: OAuthClientPort = {
      ...real,
      register: () => Promise.reject(new Error('registration refused')),
    };
    await expect(
      setup(failing).connect.start(
        'frank',
        { serverId: 's5', url: remote.mcpUrl },
        { redirectUri: REDIRECT },
      ),
    ).rejects.toMatchObject({ code: OAUTH_CLIENT_REQUIRED_ERROR_CODE });
  });
});
