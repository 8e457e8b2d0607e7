import { setTimeout as sleep } from 'node:timers/promises';
import { OAUTH_CLIENT_REQUIRED_ERROR_CODE, SERVER_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRemoteMcp, startLocalRemoteMcp } from '../../scripts/local/remote-mcp/server.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

const APP = 'http://localhost:5173';
const REDIRECT = `${APP}/oauth/mcp-callback`;
/** The local server's access tokens live this long: a second chat after it needs a refresh. */
const TOKEN_TTL_SECONDS = 2;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
type User = { api: Api; idToken: string };
let alice: User;
let bob: User;
/** A remote server whose authorization server registers no clients itself (one registered by hand). */
let unregistering: LocalRemoteMcp;

async function chat(user: User, serverId: string, prompt: string) {
  const key = await user.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const now = Date.now();
  const { body: conversation } = await user.api.post('/conversations', {
    title: 'OAuth tools',
    name: 'OAuth tools',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const query = new URLSearchParams({
    conversationId: conversation.id as string,
    provider: `custom:${key.body.id as string}`,
    model: 'llama3.2:latest',
    mcpServerId: serverId,
    triggerContent: prompt,
  });
  const events = (
    await collect(readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, user.idToken))
  ).map((received) => received.event);
  const text = events.flatMap((event) => (event.type === 'message_delta' ? [event.chunk] : [])).join('');
  return { events, text };
}

/** The browser's part: the authorization server's consent page, Allow, and back to the app with a code. */
async function consent(authorizationUrl: string) {
  const toConsent = await fetch(authorizationUrl, { redirect: 'manual' });
  const consentUrl = new URL(toConsent.headers.get('location') as string, authorizationUrl);
  const answer = await fetch(new URL('/consent', consentUrl), {
    method: 'POST',
    body: new URLSearchParams({
      request: consentUrl.searchParams.get('request') as string,
      decision: 'allow',
    }),
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location') as string);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { code: back.searchParams.get('code') as string, state: back.searchParams.get('state') as string };
}

async function connect(user: User, serverId: string, client?: { clientId: string; clientSecret: string }) {
  const started = await user.api.post(`/mcp-servers/${serverId}/oauth/start`, {
    redirectUri: REDIRECT,
    ...client,
  });
  expect(started.status).toBe(200);
  const callback = await consent(started.body.authorizationUrl as string);
  const done = await user.api.post('/mcp-servers/oauth/callback', callback);
  expect(done.status).toBe(200);
  return callback;
}

async function oauthServer(user: User, url = stack.remoteMcp.mcpUrl) {
  const created = await user.api.post('/mcp-servers', { name: 'OAuth tools', url });
  // The card shows Connect from the answer to the create itself.
  expect(created.body.oauth).toBe('not_connected');
  return created.body.id as string;
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({
    web: false,
    appOrigins: [APP],
    remoteMcpTokenTtlSeconds: TOKEN_TTL_SECONDS,
  });
  unregistering = await startLocalRemoteMcp({
    port: 0,
    apiKey: 'unused',
    dynamicRegistration: false,
    redirectUris: [REDIRECT],
  });
  configureAmplify(stack.runtimeConfig);
  const [a, b] = [await signUpAndSignIn(), await signUpAndSignIn()];
  alice = { api: apiAs(stack.apiUrl, a.idToken), idToken: a.idToken };
  bob = { api: apiAs(stack.apiUrl, b.idToken), idToken: b.idToken };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await unregistering?.stop();
  await models?.stop();
});

describe('a remote MCP server behind OAuth', () => {
  it('connects (consent, tokens kept server-side), its tools used in the chat, refreshed silently after expiry', async () => {
    const serverId = await oauthServer(alice);
    expect((await alice.api.get(`/mcp-servers/${serverId}`)).body.oauth).toBe('not_connected');
    const before = await chat(alice, serverId, 'Echo [[tool:echo {"message":"x"}]]');
    expect(before.events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining("choose 'Connect'"),
    });

    const callback = await connect(alice, serverId);
    // The state is used once, and only by the user it was issued to.
    expect((await alice.api.post('/mcp-servers/oauth/callback', callback)).status).toBe(400);
    const server = await alice.api.get(`/mcp-servers/${serverId}`);
    expect(server.body.oauth).toBe('connected');
    expect(JSON.stringify(server.body)).not.toMatch(/access_?token|refresh_?token|ciphertext|Bearer/i);
    // The tool approvals list its tools with the caller's connection (before it: 'Connect' first).
    const listed = await alice.api.get(`/mcp-servers/${serverId}/tools`);
    expect(listed.status).toBe(200);
    expect((listed.body.tools as { name: string }[]).map((tool) => tool.name)).toContain('echo');

    const first = await chat(alice, serverId, 'Echo [[tool:echo {"message":"with a token"}]]');
    expect(first.events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 1 });
    expect(first.text).toContain('with a token');

    const refreshes = () =>
      stack.remoteMcp.oauthEvents().filter((event) => event.type === 'refreshed').length;
    const refreshedBefore = refreshes();
    await sleep(TOKEN_TTL_SECONDS * 1000 + 500); // the access token has expired
    const second = await chat(alice, serverId, 'Echo [[tool:echo {"message":"refreshed"}]]');
    expect(second.events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 1 });
    expect(second.text).toContain('refreshed');
    expect(refreshes()).toBeGreaterThan(refreshedBefore);
  }, 180_000);

  it("is each user's own: another user's state is refused", async () => {
    const serverId = await oauthServer(alice);
    const started = await alice.api.post(`/mcp-servers/${serverId}/oauth/start`, { redirectUri: REDIRECT });
    const callback = await consent(started.body.authorizationUrl as string);
    const stolen = await bob.api.post('/mcp-servers/oauth/callback', callback);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(
      'This authorization is unknown, already used or expired. Choose Connect on the server card again.',
    );
    expect(
      (await bob.api.post(`/mcp-servers/${serverId}/oauth/start`, { redirectUri: REDIRECT })).status,
    ).toBe(404);
    const elsewhere = await alice.api.post(`/mcp-servers/${serverId}/oauth/start`, {
      redirectUri: 'https://evil.example/oauth/mcp-callback',
    });
    expect(elsewhere.status).toBe(400);
  });

  it('disconnect revokes the grant at the server and forgets the tokens', async () => {
    const serverId = await oauthServer(alice);
    await connect(alice, serverId);
    expect((await alice.api.del(`/mcp-servers/${serverId}/oauth`)).status).toBe(204);
    expect((await alice.api.get(`/mcp-servers/${serverId}`)).body.oauth).toBe('not_connected');
    const after = await chat(alice, serverId, 'Echo [[tool:echo {"message":"x"}]]');
    expect(after.events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining("choose 'Connect'"),
    });
  }, 120_000);

  it("where the server registers no clients, asks for the user's own client ID and connects with it", async () => {
    const serverId = await oauthServer(alice, unregistering.mcpUrl);
    const refused = await alice.api.post(`/mcp-servers/${serverId}/oauth/start`, { redirectUri: REDIRECT });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: OAUTH_CLIENT_REQUIRED_ERROR_CODE,
      message: SERVER_MESSAGES.remoteOAuthClientRequired,
    });

    await connect(alice, serverId, unregistering.registeredClient);
    const server = await alice.api.get(`/mcp-servers/${serverId}`);
    expect(server.body.oauth).toBe('connected');
    expect(JSON.stringify(server.body)).not.toContain(unregistering.registeredClient.clientSecret);
    const used = await chat(alice, serverId, 'Echo [[tool:echo {"message":"own client"}]]');
    expect(used.events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 1 });
    expect(used.text).toContain('own client');
    expect(unregistering.oauthEvents()).toContainEqual({
      type: 'issued',
      clientId: unregistering.registeredClient.clientId,
    });
  }, 120_000);
});
