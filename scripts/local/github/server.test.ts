import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGithub, startLocalGithub } from './server.js';

const CLIENT_ID = 'Ov23liTest';
const SECRET = 'test-secret';
const CALLBACK = 'http://localhost:5999/github/callback';
let github: LocalGithub;

beforeAll(async () => {
  github = await startLocalGithub({
    port: 0,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    callbackUrl: CALLBACK,
  });
});
afterAll(() => github?.stop());

const VERIFIER = 'v'.repeat(64);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

async function authorize(decision: 'authorize' | 'deny', extra: Record<string, string> = {}) {
  const response = await fetch(`${github.url}/login/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: CLIENT_ID,
      state: 'st',
      scope: 'repo',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      decision,
      login: 'octocat',
      ...extra,
    }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

const exchange = (body: Record<string, string>, json = true) =>
  fetch(`${github.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: json ? { Accept: 'application/json', 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
  });

describe('the local GitHub service', () => {
  it('serves a consent page titled as a local test GitHub, only for its client and callback', async () => {
    const page = await fetch(`${github.url}/login/oauth/authorize?client_id=${CLIENT_ID}&state=st`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Local test GitHub');
    expect(html).toMatch(/<button[^>]*>Authorize<\/button>/);
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/);
    expect((await fetch(`${github.url}/login/oauth/authorize?client_id=other`)).status).toBe(404);
    const elsewhere = encodeURIComponent('https://evil.example/github/callback');
    expect(
      (await fetch(`${github.url}/login/oauth/authorize?client_id=${CLIENT_ID}&redirect_uri=${elsewhere}`))
        .status,
    ).toBe(400);
  });

  it('denies with access_denied, as GitHub does', async () => {
    const location = await authorize('deny');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state: 'st',
    });
  });

  it('exchanges a code once, checking the client secret and PKCE; GET /user and revocation', async () => {
    const code = (await authorize('authorize')).searchParams.get('code') as string;
    const wrongSecret = await exchange({
      client_id: CLIENT_ID,
      client_secret: 'nope',
      code,
      code_verifier: VERIFIER,
    });
    expect(await wrongSecret.json()).toMatchObject({ error: 'incorrect_client_credentials' });
    const good = await exchange({
      client_id: CLIENT_ID,
      client_secret: SECRET,
      code,
      code_verifier: VERIFIER,
    });
    expect(good.status).toBe(200);
    const { access_token: token, token_type } = (await good.json()) as {
      access_token: string;
      token_type: string;
    };
    expect(token).toMatch(/^gho_[A-Za-z0-9]{36}$/);
    expect(token_type).toBe('bearer');
    const reused = await exchange({
      client_id: CLIENT_ID,
      client_secret: SECRET,
      code,
      code_verifier: VERIFIER,
    });
    expect(await reused.json()).toMatchObject({ error: 'bad_verification_code' });

    const user = await fetch(`${github.url}/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await user.json()).toMatchObject({
      login: 'octocat',
      id: expect.any(Number),
      avatar_url: expect.any(String),
    });

    const basic = (secret: string) => `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}`;
    const revoke = (secret: string) =>
      fetch(`${github.url}/applications/${CLIENT_ID}/token`, {
        method: 'DELETE',
        headers: { Authorization: basic(secret), 'Content-Type': 'application/json' },
        body: JSON.stringify({ access_token: token }),
      });
    expect((await revoke('nope')).status).toBe(404);
    expect((await revoke(SECRET)).status).toBe(204);
    expect(
      (await fetch(`${github.url}/user`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  });

  it('refuses a code without its PKCE verifier, and answers form-encoded without Accept: application/json', async () => {
    const code = (await authorize('authorize')).searchParams.get('code') as string;
    const response = await exchange(
      { client_id: CLIENT_ID, client_secret: SECRET, code, code_verifier: 'wrong' },
      false,
    );
    expect(response.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(await response.text()).get('error')).toBe('bad_verification_code');
  });
});
