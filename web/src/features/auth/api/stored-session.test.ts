import type { RuntimeConfig } from '@agentforge/shared';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfigWith } from '../../../config/runtime-config-ready';
import { getIdToken } from '../../../lib/api-client';
import { getSignedInEmail, getSignedInUser } from './identity';
import { onAuthEvent } from './identity-loader';
import { readStoredSession, storedSession } from './stored-session';

vi.mock('aws-amplify/auth', () => ({ getCurrentUser: vi.fn(), fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));
vi.mock('./amplify-configure', () => ({ configureAmplify: vi.fn() }));

const CLIENT = 'client-1';
const USER = 'user-name-1';
const NOW = Date.UTC(2026, 10, 27, 8, 0, 0);
loadRuntimeConfigWith(async () => ({ userPoolClientId: CLIENT }) as RuntimeConfig);

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** Stores a session as Amplify v6 does, its tokens expiring `lifeMs` from NOW. */
type Stored = { lifeMs?: number; accessLifeMs?: number; clockDrift?: number; client?: string };

function storeSession({ lifeMs = 3_600_000, accessLifeMs, clockDrift = 0, client = CLIENT }: Stored = {}) {
  const prefix = `CognitoIdentityServiceProvider.${client}`;
  const exp = (ms: number) => Math.floor((NOW + ms) / 1000);
  localStorage.setItem(`${prefix}.LastAuthUser`, USER);
  const idToken = jwt({ sub: 'sub-1', 'cognito:username': USER, email: 'ada@example.com', exp: exp(lifeMs) });
  localStorage.setItem(`${prefix}.${USER}.idToken`, idToken);
  localStorage.setItem(
    `${prefix}.${USER}.accessToken`,
    jwt({ sub: 'sub-1', exp: exp(accessLifeMs ?? lifeMs) }),
  );
  localStorage.setItem(`${prefix}.${USER}.refreshToken`, 'refresh-1');
  localStorage.setItem(`${prefix}.${USER}.clockDrift`, String(clockDrift));
  return idToken;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('readStoredSession', () => {
  it('gives the stored ID token and its claims while both tokens have more than 5 minutes left', () => {
    const idToken = storeSession();
    const session = readStoredSession(CLIENT, NOW);
    expect(session?.idToken).toBe(idToken);
    expect(session?.claims).toMatchObject({ sub: 'sub-1', 'cognito:username': USER });
    expect(session?.expiresAt).toBe(NOW + 3_600_000);
  });

  it('leaves tokens near their expiry, or past it on the server’s clock, to Amplify', () => {
    storeSession({ lifeMs: 5 * 60_000 });
    expect(readStoredSession(CLIENT, NOW)).toBeUndefined();
    storeSession({ lifeMs: 3_600_000, accessLifeMs: 60_000 });
    expect(readStoredSession(CLIENT, NOW)).toBeUndefined();
    // This browser's clock is 58 minutes behind the server's: 2 minutes left.
    storeSession({ lifeMs: 3_600_000, clockDrift: 58 * 60_000 });
    expect(readStoredSession(CLIENT, NOW)).toBeUndefined();
  });

  it('reads only this app client’s session, and nothing from a malformed token', () => {
    storeSession({ client: 'another-client' });
    expect(readStoredSession(CLIENT, NOW)).toBeUndefined();
    storeSession();
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${USER}.idToken`, 'not-a-jwt');
    expect(readStoredSession(CLIENT, NOW)).toBeUndefined();
  });

  it('is not used on a return from the hosted sign-in (Amplify completes it)', async () => {
    storeSession();
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    expect(await storedSession()).toBeUndefined();
  });
});

// Before any test loads (the mocked) Amplify: from then on Amplify's own listener does it.
describe('another tab’s changes before Amplify is loaded', () => {
  it('are the auth events Amplify would dispatch', () => {
    const events: string[] = [];
    const stop = onAuthEvent(({ payload }) => events.push(payload.event));
    const key = (name: string) => `CognitoIdentityServiceProvider.${CLIENT}.${USER}.${name}`;
    const change = (name: string, oldValue: string | null, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: key(name), oldValue, newValue }));
    change('refreshToken', 'refresh-1', null);
    change('refreshToken', null, 'refresh-2');
    change('accessToken', 'access-1', 'access-2');
    change('accessToken', null, 'access-3');
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', oldValue: 'a', newValue: null }));
    stop();
    expect(events).toEqual(['signedOut', 'signedIn', 'tokenRefresh']);
  });
});

describe('a signed-in page on its stored session', () => {
  it('knows the user, the e-mail and the bearer token without asking Amplify', async () => {
    const idToken = storeSession();
    expect(await getSignedInUser()).toEqual({ username: USER, userId: 'sub-1' });
    expect(await getSignedInEmail()).toBe('ada@example.com');
    expect(await getIdToken()).toBe(idToken);
    expect(getCurrentUser).not.toHaveBeenCalled();
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('asks Amplify when the stored tokens are near their expiry (it refreshes them)', async () => {
    storeSession({ lifeMs: 60_000 });
    vi.mocked(getCurrentUser).mockResolvedValue({ username: USER, userId: 'sub-1' });
    expect(await getSignedInUser()).toEqual({ username: USER, userId: 'sub-1' });
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
  });
});
