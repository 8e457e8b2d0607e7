import { createHash } from 'node:crypto';
import {
  GITHUB_STATE_LENGTH,
  GITHUB_TOKEN_ENV_VAR,
  GITHUB_TOKEN_REFERENCE,
  githubAuthorizeUrlResponseSchema,
} from '@agentforge/shared';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs, deleteAccountAndWait } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const db = () => createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });

interface User {
  api: Api;
  userId: string;
  idToken: string;
}

beforeAll(async () => {
  stack = await startTestStack({ web: false, reaperIntervalMs: 500 });
  configureAmplify(stack.runtimeConfig);
});
afterAll(async () => {
  await stack?.stop();
});

async function signUp(): Promise<User & { email: string }> {
  const { idToken, email } = await signUpAndSignIn();
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return { api: apiAs(stack.apiUrl, idToken), userId: claims.sub, idToken, email };
}

/** Starts a link: the server's authorize URL (on the local GitHub service) and its state. */
async function start(user: User, targetAppId?: string) {
  const response = await user.api.post('/github/authorize-url', targetAppId ? { targetAppId } : {});
  expect(response.status).toBe(200);
  return githubAuthorizeUrlResponseSchema.parse(response.body);
}

/** What the browser does on the local GitHub's consent page: Authorize (as `login`) or Deny. */
async function decide(authorizeUrl: string, decision: 'authorize' | 'deny', login = 'octocat') {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Local test GitHub');
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  form.set('decision', decision);
  form.set('login', login);
  const response = await fetch(new URL('/login/oauth/authorize', stack.githubUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string).searchParams;
}

async function link(user: User, login: string) {
  const { url, state } = await start(user);
  const returned = await decide(url, 'authorize', login);
  expect(returned.get('state')).toBe(state);
  return user.api.post('/github/exchange-code', { code: returned.get('code'), state, targetAppId: null });
}

async function githubUser(token: string) {
  return fetch(new URL('/user', stack.githubUrl), { headers: { Authorization: `Bearer ${token}` } });
}

const rawUser = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: process.env.TABLE_USERS, Key: { userId } }))).Item ?? {};

/** The token a started MCP server got, read back from its environment (server-everything's get-env). */
async function tokenInServerEnv(user: User): Promise<string> {
  const { body: server } = await user.api.post('/mcp-servers', {
    name: 'GitHub',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: { [GITHUB_TOKEN_ENV_VAR]: GITHUB_TOKEN_REFERENCE },
  });
  const id = server.id as string;
  // The configuration shows the reference, never a token.
  expect(server.environmentVariables).toEqual({ [GITHUB_TOKEN_ENV_VAR]: GITHUB_TOKEN_REFERENCE });
  expect((await user.api.post(`/mcp-servers/${id}/enable`)).status).toBe(200);
  await expect
    .poll(async () => (await user.api.get(`/mcp-servers/${id}`)).body.status, {
      timeout: 30_000,
      interval: 250,
    })
    .toBe('enabled');
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}/api/mcp-gateway/${id}`), {
      requestInit: { headers: { Authorization: `Bearer ${user.idToken}` } },
    }),
  );
  const result = await client.callTool({ name: 'get-env', arguments: {} });
  await client.close();
  await user.api.post(`/mcp-servers/${id}/disable`);
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '{}';
  return (JSON.parse(text) as Record<string, string>)[GITHUB_TOKEN_ENV_VAR] as string;
}

describe('GitHub account link', () => {
  it('links through the local GitHub: exchange -> username, token encrypted at rest, unlink revokes', async () => {
    const alice = await signUp();
    expect((await alice.api.get('/github/link')).body).toEqual({ linked: false });

    const { url, state } = await start(alice);
    expect(state).toMatch(new RegExp(`^[A-Za-z0-9]{${GITHUB_STATE_LENGTH}}$`));
    const authorize = new URL(url);
    expect(authorize.origin).toBe(new URL(stack.githubUrl).origin);
    expect(authorize.searchParams.get('state')).toBe(state);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const returned = await decide(url, 'authorize', 'alice-gh');
    const exchanged = await alice.api.post('/github/exchange-code', {
      code: returned.get('code'),
      state: returned.get('state'),
      targetAppId: null,
    });
    expect(exchanged).toEqual({ status: 200, body: { username: 'alice-gh' } });
    expect((await alice.api.get('/github/link')).body).toMatchObject({ linked: true, username: 'alice-gh' });

    // At rest: a ciphertext only; the raw item holds no token and no state.
    const item = await rawUser(alice.userId);
    expect(item.github).toMatchObject({ username: 'alice-gh', tokenCiphertext: expect.any(String) });
    expect(JSON.stringify(item)).not.toMatch(/gho_/);
    expect(JSON.stringify(item)).not.toContain(state);

    // A server referencing the account gets the token when it starts; GitHub knows it as alice's.
    const token = await tokenInServerEnv(alice);
    expect(token).toMatch(/^gho_/);
    expect(JSON.stringify(item)).not.toContain(token);
    expect(await (await githubUser(token)).json()).toMatchObject({ login: 'alice-gh' });

    // Unlink: deleted here and revoked at GitHub.
    expect((await alice.api.del('/github/link')).status).toBe(204);
    expect((await alice.api.get('/github/link')).body).toEqual({ linked: false });
    expect((await rawUser(alice.userId)).github).toBeUndefined();
    expect((await githubUser(token)).status).toBe(401);
    // Unlinking again is harmless.
    expect((await alice.api.del('/github/link')).status).toBe(204);
  }, 60_000);

  it('refuses a forged, reused, expired or another user’s state', async () => {
    const bob = await signUp();
    const carol = await signUp();

    // Forged: a state the server never issued.
    const { url } = await start(bob);
    const forged = await decide(url, 'authorize');
    const forgedState = 'A'.repeat(GITHUB_STATE_LENGTH);
    expect(
      (await bob.api.post('/github/exchange-code', { code: forged.get('code'), state: forgedState })).status,
    ).toBe(400);

    // Another user's: carol cannot use the state issued to bob (nor bob's code).
    const issuedToBob = await start(bob);
    const bobsReturn = await decide(issuedToBob.url, 'authorize');
    const stolen = await carol.api.post('/github/exchange-code', {
      code: bobsReturn.get('code'),
      state: issuedToBob.state,
    });
    expect(stolen.status).toBe(400);
    expect((await carol.api.get('/github/link')).body).toEqual({ linked: false });

    // Bob's own exchange still works once, then the state is used up.
    const body = { code: bobsReturn.get('code'), state: issuedToBob.state };
    expect(await bob.api.post('/github/exchange-code', body)).toEqual({
      status: 200,
      body: { username: 'octocat' },
    });
    const reused = await bob.api.post('/github/exchange-code', body);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/unknown, already used or expired/);

    // Expired: a state past its expiry is refused (its expiry moved into the past in the table).
    const late = await start(carol);
    const lateReturn = await decide(late.url, 'authorize');
    const hash = createHash('sha256').update(late.state).digest('hex');
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_USERS,
        Key: { userId: carol.userId },
        UpdateExpression: 'SET #s.#h.#e = :past',
        ExpressionAttributeNames: { '#s': 'githubStates', '#h': hash, '#e': 'expiresAt' },
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    expect(
      (await carol.api.post('/github/exchange-code', { code: lateReturn.get('code'), state: late.state }))
        .status,
    ).toBe(400);
    expect((await carol.api.get('/github/link')).body).toEqual({ linked: false });
  }, 60_000);

  it('reports a denied authorization as GitHub does, and validates its bodies', async () => {
    const dave = await signUp();
    const { url, state } = await start(dave, 'server-1');
    const denied = await decide(url, 'deny');
    expect(Object.fromEntries(denied)).toMatchObject({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state,
    });
    expect((await dave.api.post('/github/exchange-code', { state })).status).toBe(400);
    expect((await dave.api.post('/github/authorize-url', { targetAppId: 7 })).status).toBe(400);
    expect((await apiAs(stack.apiUrl).post('/github/exchange-code', { code: 'x', state })).status).toBe(401);
    // A relink replaces the link (and revokes the old token).
    expect((await link(dave, 'dave-one')).body).toEqual({ username: 'dave-one' });
    expect((await link(dave, 'dave-two')).body).toEqual({ username: 'dave-two' });
    expect((await dave.api.get('/github/link')).body).toMatchObject({ username: 'dave-two' });
  }, 60_000);

  it('a server that references an unlinked account does not start, and says why', async () => {
    const erin = await signUp();
    const { body: server } = await erin.api.post('/mcp-servers', {
      name: 'GitHub',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: { [GITHUB_TOKEN_ENV_VAR]: GITHUB_TOKEN_REFERENCE },
    });
    const enabled = await erin.api.post(`/mcp-servers/${server.id as string}/enable`);
    expect(enabled.status).toBe(409);
    expect(enabled.body.message).toMatch(/connect GitHub in Settings/);
  });

  it('revokes the token at GitHub when the account is deleted', async () => {
    const carol = await signUp();
    expect((await link(carol, 'carol-gh')).status).toBe(200);
    const token = await tokenInServerEnv(carol);
    expect((await githubUser(token)).status).toBe(200);
    expect((await deleteAccountAndWait(carol.api, carol.email)).body.state).toBe('done');
    expect((await githubUser(token)).status).toBe(401);
  }, 60_000);
});
