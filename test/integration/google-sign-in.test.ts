import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

/**
 * Google sign-in through the local identity service's hosted domain (HTTPS, its own certificate)
 * and the local Google, with the requests Amplify's signInWithRedirect and its completion make.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let ca: string;
const APP_ORIGIN = 'http://localhost:5999';
const APP_ROOT = `${APP_ORIGIN}/`;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  configureAmplify(stack.runtimeConfig);
  ca = readFileSync(join(stack.dataDir, 'cognito', '.cognito', 'hosted-domain.crt'), 'utf8');
});
afterAll(() => stack?.stop());

interface Answer {
  status: number;
  location: string;
  body: string;
}

/** One HTTPS request to the hosted domain, trusting only its certificate (as the e2e browser does). */
function hosted(
  url: string,
  init: { method?: string; form?: Record<string, string>; bearer?: string } = {},
): Promise<Answer> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        ca,
        headers: {
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: APP_ORIGIN } : {}),
          ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ''), body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const plain = async (url: string, form?: Record<string, string>): Promise<Answer> => {
  const response = await fetch(url, {
    redirect: 'manual',
    ...(form ? { method: 'POST', body: new URLSearchParams(form) } : {}),
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    body: await response.text(),
  };
};

/** Amplify's request: 32-character state, a 128-character verifier, its S256 challenge. */
function amplifyRequest(overrides: Record<string, string> = {}) {
  const state = randomBytes(24).toString('base64url').slice(0, 32);
  const verifier = randomBytes(96).toString('base64url').replace(/[-_]/g, 'a').slice(0, 128);
  const params = new URLSearchParams({
    redirect_uri: APP_ROOT,
    response_type: 'code',
    client_id: stack.runtimeConfig.userPoolClientId,
    identity_provider: 'Google',
    scope: 'email profile openid',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  });
  return { state, verifier, url: `https://${stack.runtimeConfig.oauthDomain}/oauth2/authorize?${params}` };
}

/** App -> hosted domain -> local Google ('Continue' or 'Cancel') -> hosted domain -> the app's callback. */
async function throughGoogle(email: string, decision: 'continue' | 'cancel' = 'continue') {
  const start = amplifyRequest();
  const toGoogle = await hosted(start.url);
  expect(toGoogle.status).toBe(302);
  expect(toGoogle.location.startsWith(`${stack.google.url}/o/oauth2/v2/auth?`)).toBe(true);
  const page = await plain(toGoogle.location);
  expect(page.body).toContain('Continue');
  const googleParams = Object.fromEntries(new URL(toGoogle.location).searchParams);
  const fromGoogle = await plain(`${stack.google.url}/o/oauth2/v2/auth`, {
    ...googleParams,
    email,
    decision,
  });
  expect(fromGoogle.location.startsWith(`${stack.google.hostedDomainUrl}/oauth2/idpresponse?`)).toBe(true);
  const back = await hosted(fromGoogle.location);
  expect(back.status).toBe(302);
  return { ...start, callback: new URL(back.location) };
}

const exchange = (form: Record<string, string>) =>
  hosted(`https://${stack.runtimeConfig.oauthDomain}/oauth2/token`, {
    method: 'POST',
    form: { client_id: stack.runtimeConfig.userPoolClientId, ...form },
  });

async function signInWithGoogle(email: string) {
  const { callback, state, verifier } = await throughGoogle(email);
  expect(`${callback.origin}/`).toBe(APP_ROOT);
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code') ?? '';
  const answer = await exchange({
    grant_type: 'authorization_code',
    code,
    redirect_uri: APP_ROOT,
    code_verifier: verifier,
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as {
    id_token: string;
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
const apiUser = (idToken: string) =>
  fetch(`${stack.apiUrl}/api/user`, { headers: { Authorization: `Bearer ${idToken}` } });

describe('Google sign-in through the local hosted domain', () => {
  it('serves the hosted domain over HTTPS with a certificate for localhost kept in the data directory', async () => {
    expect(stack.runtimeConfig.oauthDomain).toMatch(/^localhost:\d+$/);
    expect((await hosted(`https://${stack.runtimeConfig.oauthDomain}/`)).status).toBe(200);
  });

  it('creates a Google_<sub> user with the token’s attributes; the API accepts its tokens; refresh works', async () => {
    const email = uniqueEmail('grace.hopper');
    const tokens = await signInWithGoogle(email);
    const id = claimsOf(tokens.id_token);
    expect(id['cognito:username']).toMatch(/^Google_\d{21}$/);
    expect(id).toMatchObject({ email, token_use: 'id', aud: stack.runtimeConfig.userPoolClientId });
    expect(tokens.expires_in).toBe(3600);
    expect((await apiUser(tokens.id_token)).status).toBe(200);

    const userInfo = `https://${stack.runtimeConfig.oauthDomain}/oauth2/userInfo`;
    expect((await hosted(userInfo)).status).toBe(401);
    const info = await hosted(userInfo, { bearer: tokens.access_token });
    expect(JSON.parse(info.body)).toMatchObject({
      email,
      email_verified: 'true',
      username: id['cognito:username'],
    });

    const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(claimsOf(JSON.parse(refreshed.body).id_token).email).toBe(email);

    // The same Google account signs in as the same user next time.
    const again = await signInWithGoogle(email);
    expect(claimsOf(again.id_token).sub).toBe(id.sub);
  });

  it('links a Google account to the password user with the same verified e-mail', async () => {
    const { email, idToken } = await signUpAndSignIn(uniqueEmail('linked'));
    const signIns = async () =>
      (await apiAs(stack.apiUrl, idToken).get('/audit?action=auth.sign_in')).body.records as unknown[];
    expect(await signIns()).toHaveLength(1); // the password sign-in
    const tokens = await signInWithGoogle(email);
    expect(claimsOf(tokens.id_token).sub).toBe(claimsOf(idToken).sub);
    expect(claimsOf(tokens.id_token)['cognito:username']).toBe(claimsOf(idToken)['cognito:username']);
    // A first federated sign-in runs pre-sign-up and post-confirmation; a returning one the
    // authentication triggers, as the linked user: the post-authentication trigger's record.
    expect(await signIns()).toHaveLength(1);
    const again = await signInWithGoogle(email);
    expect(claimsOf(again.id_token).sub).toBe(claimsOf(idToken).sub);
    expect(await signIns()).toHaveLength(2);
  });

  it('refuses a wrong PKCE verifier, a reused code and an unregistered redirect URI', async () => {
    const { callback, verifier } = await throughGoogle(uniqueEmail('pkce'));
    const code = callback.searchParams.get('code') ?? '';
    const wrong = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_ROOT,
      code_verifier: `${verifier}x`,
    });
    expect(wrong).toMatchObject({ status: 400, body: JSON.stringify({ error: 'invalid_grant' }) });
    const reused = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_ROOT,
      code_verifier: verifier,
    });
    expect(reused.status).toBe(400);
    const elsewhere = await hosted(amplifyRequest({ redirect_uri: 'https://evil.example/' }).url);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.location).toBe('');
  });

  it('sends a cancel at Google back to the app as Cognito does (error, error_description, the app’s state)', async () => {
    const { callback, state } = await throughGoogle(uniqueEmail('cancel'), 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('refuses a revoked refresh token, and one a global sign-out ended', async () => {
    const tokens = await signInWithGoogle(uniqueEmail('revoke'));
    const revoked = await hosted(`https://${stack.runtimeConfig.oauthDomain}/oauth2/revoke`, {
      method: 'POST',
      form: { client_id: stack.runtimeConfig.userPoolClientId, token: tokens.refresh_token },
    });
    expect(revoked.status).toBe(200);
    expect(
      (await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status,
    ).toBe(400);

    const other = await signInWithGoogle(uniqueEmail('global'));
    expect((await exchange({ grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(
      200,
    );
    // Amplify's signOut({ global: true }) calls GlobalSignOut with the access token.
    const response = await fetch(stack.runtimeConfig.userPoolEndpoint ?? '', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: JSON.stringify({ AccessToken: other.access_token }),
    });
    expect(response.status).toBe(200);
    expect((await exchange({ grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(
      400,
    );
  });

  it('returns to a registered sign-out URL only', async () => {
    const logout = (uri: string) =>
      hosted(
        `https://${stack.runtimeConfig.oauthDomain}/logout?client_id=${stack.runtimeConfig.userPoolClientId}&logout_uri=${encodeURIComponent(uri)}`,
      );
    expect(await logout(APP_ROOT)).toMatchObject({ status: 302, location: APP_ROOT });
    expect((await logout('https://evil.example/')).status).toBe(400);
  });
});
