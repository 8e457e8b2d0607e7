import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutUser } from '../api/identity';
import { useAuth } from './use-auth';

/** Signs out (errors swallowed, tokens cleared), makes the app state unauthenticated and goes to the site root. */
export function useSignOut() {
  const { dispatch } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    await signOutUser();
    // Navigation first (flushed at once), so the signed-in guard lets it finish instead of
    // redirecting to /login when the state becomes unauthenticated.
    const toRoot = navigate('/', { replace: true, flushSync: true });
    dispatch({ type: 'SET_UNAUTHENTICATED' });
    await toRoot;
  }, [dispatch, navigate]);

  return { signOut, signingOut };
}
