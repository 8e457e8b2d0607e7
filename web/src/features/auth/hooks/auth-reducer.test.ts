import { describe, expect, it } from 'vitest';
import { type AuthState, authReducer, initialAuthState } from './auth-reducer';

const user = { username: 'ada@example.com', userId: 'user-1' };

describe('authReducer', () => {
  it('starts loading with nobody signed in', () => {
    expect(initialAuthState).toMatchObject({ isAuthenticated: false, isLoading: true, authChecked: false });
  });

  it('SET_LOADING sets the loading flag', () => {
    expect(
      authReducer({ ...initialAuthState, isLoading: false }, { type: 'SET_LOADING', isLoading: true })
        .isLoading,
    ).toBe(true);
  });

  it('SET_AUTHENTICATED stores user and session and marks the check done', () => {
    const state = authReducer(initialAuthState, { type: 'SET_AUTHENTICATED', user, session: null });
    expect(state).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      authChecked: true,
      user,
      session: null,
    });
  });

  it('SET_UNAUTHENTICATED resets to the initial state with loading off and the check done', () => {
    const signedIn: AuthState = { ...initialAuthState, isAuthenticated: true, user, userProfile: { a: 1 } };
    expect(authReducer(signedIn, { type: 'SET_UNAUTHENTICATED' })).toEqual({
      ...initialAuthState,
      isLoading: false,
      authChecked: true,
    });
  });

  it('SET_PROFILE stores the profile, ends loading and clears the error', () => {
    const state = authReducer(
      { ...initialAuthState, error: 'old' },
      { type: 'SET_PROFILE', userProfile: { firstName: 'Ada' } },
    );
    expect(state).toMatchObject({ userProfile: { firstName: 'Ada' }, isLoading: false, error: null });
  });

  it('SET_ERROR ends loading and stores the error', () => {
    expect(
      authReducer(initialAuthState, { type: 'SET_ERROR', error: 'Failed to load user profile' }),
    ).toMatchObject({
      isLoading: false,
      error: 'Failed to load user profile',
    });
  });
});
