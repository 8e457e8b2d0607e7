import { AUTH_FLOW_MESSAGES } from '@agentforge/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { toast } from '../../../components/toast/toaster-store';
import { getSignedInUser, signOutUser } from '../api/identity';
import { mayBeSignedIn, onAuthEvent } from '../api/identity-loader';
import { redirectFailureMessage } from '../api/redirect-sign-in';
import { type AuthState, authReducer, guestAuthState, initialAuthState } from '../hooks/auth-reducer';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';

/**
 * Holds the app's auth state (spec 4 "Auth state"): checks the current user once on mount and
 * follows the identity library's auth events (spec 4 "Auth events"). Navigation on sign-out is the
 * router's job (see `app/root-layout.tsx`), so this provider can sit outside the router.
 */
/** A browser that cannot hold a session is a guest from the first render (no check to wait for). */
const firstAuthState = (): AuthState => (mayBeSignedIn() ? initialAuthState : guestAuthState);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, firstAuthState);
  const knownAtStart = useRef(state.authChecked);

  const checkAuth = useCallback(async () => {
    dispatch({ type: 'SET_LOADING', isLoading: true });
    try {
      const user = await getSignedInUser();
      dispatch({ type: 'SET_AUTHENTICATED', user, session: null });
    } catch {
      // getCurrentUser rejects when nobody is signed in (UserUnAuthenticatedException) or the stored
      // tokens are unusable: either way the visitor is a guest and may sign in again.
      dispatch({ type: 'SET_UNAUTHENTICATED' });
    }
  }, []);

  useEffect(() => {
    if (!knownAtStart.current) void checkAuth();
  }, [checkAuth]);

  useEffect(
    () =>
      onAuthEvent(({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            // signIn and autoSignIn both end here. Loading the profile comes with the profile issue.
            void checkAuth();
            break;
          case 'signInWithRedirect':
            // Through a team's single sign-on: join that team (loaded only on a redirect's return).
            void import('../api/sso-join').then(({ joinSsoTeam }) => joinSsoTeam()).catch(() => undefined);
            break;
          case 'signedOut':
            dispatch({ type: 'SET_UNAUTHENTICATED' });
            break;
          case 'tokenRefresh_failure':
            // Sign out; signOutUser swallows a failure and clears the tokens, so the visitor is a guest either way.
            void signOutUser().then(() => dispatch({ type: 'SET_UNAUTHENTICATED' }));
            break;
          case 'signInWithRedirect_failure': {
            // The return from the hosted sign-in page failed: cancelled, a state that does not match, or else.
            const error = redirectFailureMessage((payload.data as { error?: unknown } | undefined)?.error);
            dispatch({ type: 'SET_UNAUTHENTICATED' });
            dispatch({ type: 'SET_ERROR', error });
            toast({
              variant: 'destructive',
              title: AUTH_FLOW_MESSAGES.federatedSignInFailed,
              ...(error === AUTH_FLOW_MESSAGES.federatedSignInFailed ? {} : { description: error }),
            });
            break;
          }
        }
      }),
    [checkAuth],
  );

  const value = useMemo<AuthContextValue>(() => ({ ...state, dispatch, checkAuth }), [state, checkAuth]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
