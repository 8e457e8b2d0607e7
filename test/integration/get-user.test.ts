import { createPrivateKey, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import { userCheckResponseSchema } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());

const getUser = (headers: Record<string, string> = {}) => fetch(`${stack.apiUrl}/api/user`, { headers });

describe('GET /api/user on the local stack', () => {
  it('is 401 with a JSON error without a token', async () => {
    const response = await getUser();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('is 401 with a malformed or forged token', async () => {
    expect((await getUser({ Authorization: 'Bearer not-a-jwt' })).status).toBe(401);
    const { idToken } = await signUpAndSignIn();
    const [header, payload] = idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    expect((await getUser({ Authorization: `Bearer ${forged}` })).status).toBe(401);
  });

  it('is 401 with a token signed with the key published in the cognito-local package', async () => {
    const { idToken } = await signUpAndSignIn();
    const published = createPrivateKey(
      (createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string })
        .pem,
    );
    const payload = idToken.split('.')[1] as string; // every claim right: only the key is wrong
    const body = `${Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'CognitoLocal' })).toString('base64url')}.${payload}`;
    const forged = `${body}.${sign('sha256', Buffer.from(body), published).toString('base64url')}`;
    expect((await getUser({ Authorization: `Bearer ${forged}` })).status).toBe(401);
  });

  it('is 401 with an expired token', async () => {
    const { idToken } = await signUpAndSignIn();
    expect((await getUser({ Authorization: `Bearer ${idToken}` })).status).toBe(200);
    const realNow = Date.now;
    // The verifier checks `exp` against the clock: move it past the token's one-hour lifetime.
    Date.now = () => realNow() + 2 * 60 * 60 * 1000;
    try {
      expect((await getUser({ Authorization: `Bearer ${idToken}` })).status).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });

  it('returns the user check for a user signed up through Amplify, creating the record once', async () => {
    const { email, idToken } = await signUpAndSignIn();
    const first = await getUser({ Authorization: `Bearer ${idToken}` });
    expect(first.status).toBe(200);
    expect(userCheckResponseSchema.parse(await first.json())).toEqual({
      isWhitelisted: false,
      hasCompletedOnboarding: false,
      email,
      access: 'granted',
    });
    const second = await getUser({ Authorization: `Bearer ${idToken}` });
    expect(await second.json()).toEqual({
      isWhitelisted: false,
      hasCompletedOnboarding: false,
      email,
      access: 'granted',
    });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await fetch(`${stack.apiUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the outbox page with the codes the identity service sent', async () => {
    const { email } = await signUpAndSignIn();
    const html = await (await fetch(stack.outboxUrl)).text();
    expect(html).toContain(email);
    expect(html).toContain('Local outbox');
  });
});

describe('GET /users/me, /users/profile and /users/preferences', () => {
  it('answer for the caller only, and PUT validates the preferences', async () => {
    const ada = await signUpAndSignIn();
    const bob = await signUpAndSignIn();
    const asAda = apiAs(stack.apiUrl, ada.idToken);
    const asBob = apiAs(stack.apiUrl, bob.idToken);

    expect((await asAda.get('/users/me')).body).toMatchObject({ username: ada.email, email: ada.email });
    expect((await asAda.get('/users/profile')).body).toMatchObject({ email: ada.email, profile: null });
    expect((await asAda.get('/users/preferences')).body).toEqual({});

    const saved = await asAda.put('/users/preferences', { defaultProvider: 'openai', theme: 'dark' });
    expect(saved).toMatchObject({ status: 200, body: { defaultProvider: 'openai', theme: 'dark' } });
    expect((await asAda.get('/users/preferences')).body).toEqual({
      defaultProvider: 'openai',
      theme: 'dark',
    });
    expect((await asBob.get('/users/preferences')).body).toEqual({});

    const unknownKey = await asAda.put('/users/preferences', { isWhitelisted: true });
    expect(unknownKey.status).toBe(400);
    expect((await asAda.put('/users/preferences', { theme: 'neon' })).status).toBe(400);
    expect((await asAda.get('/user')).body).toMatchObject({ isWhitelisted: false });
    expect((await asAda.get('/users/preferences')).body).toEqual({
      defaultProvider: 'openai',
      theme: 'dark',
    });
  });
});
