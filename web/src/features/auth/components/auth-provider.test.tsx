import { render, screen, waitFor } from '@testing-library/react';
import { getCurrentUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

vi.mock('aws-amplify/auth', () => ({ getCurrentUser: vi.fn(), signOut: vi.fn() }));

function Probe() {
  const { isAuthenticated, isLoading, authChecked, user } = useAuth();
  return <output>{JSON.stringify({ isAuthenticated, isLoading, authChecked, user })}</output>;
}

function renderedState() {
  return JSON.parse(screen.getByRole('status').textContent ?? 'null');
}

afterEach(() => {
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

describe('useAuth', () => {
  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
