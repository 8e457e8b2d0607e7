import { getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../../testing/fake-http';
import { isSignedIn } from '../../landing/session';
import { mayBeSignedIn, setIdentityConfig } from './identity-loader';

vi.mock('aws-amplify/auth');

const LAST_AUTH_USER = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.LastAuthUser`;

beforeEach(() => {
  setIdentityConfig(TEST_CONFIG);
});

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.resetAllMocks();
});

describe('a session in this browser', () => {
  it('is none without a user stored for this app client: a guest is known without the identity library', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.another-client.LastAuthUser', 'ada');
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
});
