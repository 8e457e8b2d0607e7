import { AUTH_FLOW_MESSAGES } from '@agentforge/shared';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast/toaster-store';
import { signOutUser } from '../api/identity';
import { useAuth } from './use-auth';

/**
 * Signs out (tokens cleared whatever happens), makes the app state unauthenticated and goes to the
 * site root; 'Failed to sign out' when the global sign-out did not go through.
 */
export function useSignOut() {
  const { dispatch } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    if (!(await signOutUser())) toast({ variant: 'destructive', title: AUTH_FLOW_MESSAGES.signOutFailed });
    // Navigation first (flushed at once), so the signed-in guard lets it finish instead of
    // redirecting to /login when the state becomes unauthenticated.
    const toRoot = navigate('/', { replace: true, flushSync: true });
    dispatch({ type: 'SET_UNAUTHENTICATED' });
    await toRoot;
  }, [dispatch, navigate]);

  return { signOut, signingOut };
}
