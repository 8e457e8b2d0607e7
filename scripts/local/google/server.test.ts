import { createHash } from 'node:crypto';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from './server.js';

const CLIENT = {
  clientId: '123-local.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-local',
  redirectUris: ['https://auth.localhost/oauth2/idpresponse'],
};
const REDIRECT = CLIENT.redirectUris[0] as string;
const VERIFIER = 'v'.repeat(64);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
let google: LocalGoogle;

beforeAll(async () => {
  google = await startLocalGoogle({ port: 0, clients: [CLIENT] });
});
afterAll(() => google?.stop());

const request = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'st-1',
    nonce: 'n-1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...extra,
  });

async function signIn(decision: 'continue' | 'cancel', extra: Record<string, string> = {}) {
  const response = await fetch(`${google.url}/o/oauth2/v2/auth`, {
    method: 'POST',
    body: request({ decision, email: 'ada.lovelace@example.com', ...extra }),
    redirect: 'manual',
  });
  return response;
}

async function exchange(
  code: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return fetch(`${google.url}/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      code_verifier: VERIFIER,
      ...extra,
    }),
  });
}

async function codeFromSignIn(extra: Record<string, string> = {}) {
  const response = await signIn('continue', extra);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') as string);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('st-1');
  return location.searchParams.get('code') as string;
}

describe('the local Google', () => {
  it('publishes its endpoints and keys as an OpenID provider does', async () => {
    const config = (await (await fetch(`${google.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(config.issuer).toBe(google.url);
    expect(config.authorization_endpoint).toBe(`${google.url}/o/oauth2/v2/auth`);
    const jwks = (await (await fetch(config.jwks_uri as string)).json()) as {
      keys: { kty: string; alg: string }[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });

  it("shows a sign-in page with 'Email', 'Continue' and 'Cancel' for a registered client", async () => {
    const page = await fetch(`${google.url}/o/oauth2/v2/auth?${request()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('name="state" value="st-1"');
  });

  it('refuses an unknown client or a redirect URI not registered, without redirecting', async () => {
    const unknown = await fetch(`${google.url}/o/oauth2/v2/auth?${request({ client_id: 'other' })}`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(401);
    const elsewhere = await fetch(
      `${google.url}/o/oauth2/v2/auth?${request({ redirect_uri: 'https://evil.example/cb' })}`,
      {
        redirect: 'manual',
      },
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('redirect_uri_mismatch');
  });

  it('sends access_denied back with the state when the user cancels', async () => {
    const response = await signIn('cancel');
    const location = new URL(response.headers.get('location') as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('exchanges a code for an ID token signed with its published key, once', async () => {
    const code = await codeFromSignIn();
    const response = await exchange(code);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { id_token: string; access_token: string; token_type: string };
    expect(tokens.token_type).toBe('Bearer');
    const verifier = JwtRsaVerifier.create({
      issuer: google.url,
      audience: CLIENT.clientId,
      jwksUri: `${google.url}/oauth2/v3/certs`,
    });
    // aws-jwt-verify fetches JWKS only over https: hand it the published keys.
    verifier.cacheJwks(await (await fetch(`${google.url}/oauth2/v3/certs`)).json());
    const claims = await verifier.verify(tokens.id_token);
    expect(claims).toMatchObject({
      email: 'ada.lovelace@example.com',
      email_verified: true,
      nonce: 'n-1',
      name: 'Ada Lovelace',
    });
    expect(String(claims.sub)).toMatch(/^\d{21}$/);

    const profile = await fetch(`${google.url}/v1/userinfo`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await profile.json()).toMatchObject({ sub: claims.sub, email: 'ada.lovelace@example.com' });

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
  });

  it('checks the PKCE verifier, the client secret (form or basic) and the redirect URI', async () => {
    expect((await exchange(await codeFromSignIn(), { code_verifier: 'w'.repeat(64) })).status).toBe(400);
    expect((await exchange(await codeFromSignIn(), { client_secret: 'wrong' })).status).toBe(401);
    expect((await exchange(await codeFromSignIn(), { redirect_uri: `${REDIRECT}/x` })).status).toBe(400);
    const basic = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
    const viaBasic = await exchange(
      await codeFromSignIn(),
      { client_id: '', client_secret: '' },
      { Authorization: basic },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('gives a refresh token for offline access, and revocation ends it', async () => {
    const tokens = (await (await exchange(await codeFromSignIn({ access_type: 'offline' }))).json()) as {
      refresh_token: string;
    };
    const refresh = () =>
      fetch(`${google.url}/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
        }),
      });
    const refreshed = await refresh();
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toHaveProperty('id_token');
    const revoked = await fetch(`${google.url}/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    expect((await refresh()).status).toBe(400);
  });

  it('asks again for a malformed e-mail address instead of issuing a code', async () => {
    const response = await signIn('continue', { email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter a valid email');
  });
});
