import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { signInAfterConfirmation } from '../api/identity';
import type { LoginLocationState } from './auth-location-state';
import { useAuth } from './use-auth';

/**
 * After the account is confirmed (spec 4 "Sign-up"): with a kept password the user is logged in
 * automatically, the app state becomes authenticated and the user goes to / (which sends a
 * signed-in visitor on to /home); otherwise to /login with the e-mail in navigation state.
 */
export function useFinishSignUp() {
  const { checkAuth } = useAuth();
  const navigate = useNavigate();

  return useCallback(
    async (email: string, autoSignInPending: boolean) => {
      const { signedIn } = await signInAfterConfirmation(email, autoSignInPending);
      if (signedIn) {
        // Navigate first, with the router's state update flushed at once: the guest route leaves a
        // navigation under way alone, but once the state is authenticated it would otherwise send
        // the visitor straight to /home.
        const toRoot = navigate('/', { replace: true, flushSync: true });
        await checkAuth();
        await toRoot;
        return;
      }
      const state: LoginLocationState = { email };
      await navigate('/login', { replace: true, state });
    },
    [checkAuth, navigate],
  );
}
