import { act, render, screen, waitFor } from '@testing-library/react';
import { getCurrentUser, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToaster } from '../../../components/toast/toaster-store';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

vi.mock('aws-amplify/auth');

function Probe() {
  const { isAuthenticated, isLoading, authChecked, user, error } = useAuth();
  return <output>{JSON.stringify({ isAuthenticated, isLoading, authChecked, user, error })}</output>;
}

const ADA = { username: 'ada@example.com', userId: 'user-1' };

async function renderSignedIn() {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined); // Hub warns about the protected channel
  vi.mocked(getCurrentUser).mockResolvedValue(ADA);
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: true }));
}

function renderedState() {
  return JSON.parse(screen.getByRole('status').textContent ?? 'null');
}

afterEach(() => {
  act(() => resetToaster());
  vi.resetAllMocks();
  vi.restoreAllMocks();
});

describe('AuthProvider', () => {
  it('is loading until the current user is known', () => {
    vi.mocked(getCurrentUser).mockReturnValue(new Promise(() => undefined));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(renderedState()).toMatchObject({ isLoading: true, authChecked: false });
  });

  it('is authenticated with the current user', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'ada@example.com', userId: 'user-1' });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() =>
      expect(renderedState()).toEqual({
        isAuthenticated: true,
        isLoading: false,
        authChecked: true,
        user: { username: 'ada@example.com', userId: 'user-1' },
        error: null,
      }),
    );
  });

  it('is unauthenticated when nobody is signed in', async () => {
    vi.mocked(getCurrentUser).mockRejectedValue(
      Object.assign(new Error('User needs to be authenticated'), { name: 'UserUnAuthenticatedException' }),
    );
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() =>
      expect(renderedState()).toEqual({
        isAuthenticated: false,
        isLoading: false,
        authChecked: true,
        user: null,
        error: null,
      }),
    );
  });

  it('becomes unauthenticated on a sign-out event', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // Hub warns about the protected channel
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'ada@example.com', userId: 'user-1' });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: true }));
    Hub.dispatch('auth', { event: 'signedOut' });
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: false, authChecked: true }));
  });
});

describe('AuthProvider on auth events', () => {
  it('re-checks the session after a sign-in (signIn and autoSignIn)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(getCurrentUser).mockRejectedValueOnce(new Error('guest')).mockResolvedValue(ADA);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: false, authChecked: true }));
    Hub.dispatch('auth', { event: 'signedIn', data: { username: ADA.username, userId: ADA.userId } });
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: true, user: ADA }));
  });

  it('signs out after a token refresh failure', async () => {
    await renderSignedIn();
    vi.mocked(signOut).mockResolvedValue(undefined);
    Hub.dispatch('auth', { event: 'tokenRefresh_failure' });
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: false, authChecked: true }));
    expect(signOut).toHaveBeenCalled();
  });

  it('is unauthenticated after a token refresh failure even when the sign-out fails', async () => {
    await renderSignedIn();
    vi.mocked(signOut).mockRejectedValue(new Error('network down'));
    Hub.dispatch('auth', { event: 'tokenRefresh_failure' });
    await waitFor(() => expect(renderedState()).toMatchObject({ isAuthenticated: false, authChecked: true }));
  });

  it('holds the error and is unauthenticated after a failed redirect sign-in', async () => {
    await renderSignedIn();
    Hub.dispatch('auth', { event: 'signInWithRedirect_failure', data: { error: undefined } });
    await waitFor(() =>
      expect(renderedState()).toMatchObject({ isAuthenticated: false, error: 'Federated sign-in failed' }),
    );
  });

  it('holds the spec’s text when the visitor cancelled at the provider or the state did not match', async () => {
    await renderSignedIn();
    Hub.dispatch('auth', {
      event: 'signInWithRedirect_failure',
      data: { error: new Error('An error occurred while validating the state.') },
    });
    await waitFor(() =>
      expect(renderedState()).toMatchObject({ error: 'An error occurred while validating the state' }),
    );
    Hub.dispatch('auth', {
      event: 'signInWithRedirect_failure',
      data: { error: new Error('access_denied') },
    });
    await waitFor(() => expect(renderedState()).toMatchObject({ error: 'User cancelled OAuth flow' }));
  });
});

describe('useAuth', () => {
  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
