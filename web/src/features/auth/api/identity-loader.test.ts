import { getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfigWith } from '../../../config/runtime-config-ready';
import { TEST_CONFIG } from '../../../testing/fake-http';
import { isSignedIn } from '../../landing/session';
import { mayBeSignedIn } from './identity-loader';

vi.mock('aws-amplify/auth');
const accountFlowsLoaded = vi.hoisted(() => vi.fn());
vi.mock('./amplify-accounts', async (importOriginal) => {
  accountFlowsLoaded();
  return importOriginal();
});

const LAST_AUTH_USER = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.LastAuthUser`;

beforeAll(() => {
  loadRuntimeConfigWith(async () => TEST_CONFIG);
});

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.resetAllMocks();
});

describe('a session in this browser', () => {
  it('is none without a user stored: a guest is known without the identity library or its configuration', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.ada.refreshToken', 'stale');
    localStorage.setItem('theme', 'dark');
    expect(mayBeSignedIn()).toBe(false);
    expect(await isSignedIn()).toBe(false);
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it('may be there when a user is stored: the identity library decides', async () => {
    localStorage.setItem(LAST_AUTH_USER, 'ada@example.com');
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'ada@example.com', userId: 'user-1' });
    expect(mayBeSignedIn()).toBe(true);
    expect(await isSignedIn()).toBe(true);
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('UserUnAuthenticatedException'));
    expect(await isSignedIn()).toBe(false);
  });

  it('may be there when the identity provider has just redirected back with a code', () => {
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    expect(mayBeSignedIn()).toBe(true);
  });

  it('loads the identity library when the identity provider redirects back with an error, so its failure is reported', () => {
    window.history.replaceState(null, '', '/?error_description=access_denied&error=access_denied&state=xyz');
    expect(mayBeSignedIn()).toBe(true);
  });
});

describe('the identity library', () => {
  it('loads only its session calls for a signed-in page, the account flows with the identity provider’s return', async () => {
    localStorage.setItem(LAST_AUTH_USER, 'ada@example.com');
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'ada@example.com', userId: 'user-1' });
    vi.resetModules();
    const signedIn = await import('./identity');
    expect(await signedIn.getSignedInUser()).toEqual({ username: 'ada@example.com', userId: 'user-1' });
    expect(accountFlowsLoaded).not.toHaveBeenCalled();

    // Amplify completes a sign-in with the identity provider in its redirect flow; the session waits for it.
    window.history.replaceState(null, '', '/home?code=abc&state=xyz');
    vi.resetModules();
    const returning = await import('./identity');
    await returning.getSignedInUser();
    expect(accountFlowsLoaded).toHaveBeenCalledTimes(1);
  });
});
