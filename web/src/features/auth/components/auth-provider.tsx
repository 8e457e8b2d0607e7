import { getCurrentUser, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer } from 'react';
import { authReducer, initialAuthState } from '../hooks/auth-reducer';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';

const REDIRECT_SIGN_IN_FAILED = 'Federated sign-in failed';

/**
 * Holds the app's auth state (spec 4 "Auth state"): checks the current user once on mount and
 * follows the identity library's auth events. Navigation on sign-out is the router's job
 * (see `app/root-layout.tsx`), so this provider can sit outside the router.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);

  const checkAuth = useCallback(async () => {
    dispatch({ type: 'SET_LOADING', isLoading: true });
    try {
      const { username, userId } = await getCurrentUser();
      dispatch({ type: 'SET_AUTHENTICATED', user: { username, userId }, session: null });
    } catch {
      // getCurrentUser rejects when nobody is signed in (UserUnAuthenticatedException) or the stored
      // tokens are unusable: either way the visitor is a guest and may sign in again.
      dispatch({ type: 'SET_UNAUTHENTICATED' });
    }
  }, []);

  useEffect(() => {
    void checkAuth();
  }, [checkAuth]);

  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            // signIn and autoSignIn both end here. Loading the profile comes with the profile issue.
            void checkAuth();
            break;
          case 'signedOut':
            dispatch({ type: 'SET_UNAUTHENTICATED' });
            break;
          case 'tokenRefresh_failure':
            // A successful sign-out emits 'signedOut'; if it fails, the visitor is a guest anyway.
            signOut().catch(() => dispatch({ type: 'SET_UNAUTHENTICATED' }));
            break;
          case 'signInWithRedirect_failure':
            dispatch({ type: 'SET_UNAUTHENTICATED' });
            dispatch({ type: 'SET_ERROR', error: REDIRECT_SIGN_IN_FAILED });
            break;
        }
      }),
    [checkAuth],
  );

  const value = useMemo<AuthContextValue>(() => ({ ...state, dispatch, checkAuth }), [state, checkAuth]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
