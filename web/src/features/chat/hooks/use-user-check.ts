import type { UserCheckResponse } from '@agentforge/shared';
import { useEffect, useRef, useState } from 'react';
import { fetchUserCheck } from '../api/current-user';

/**
 * The current user (GET /user). Spec 2 "Home": when it fails to load, the user is sent to /;
 * `onFailure` does that (the route signs out on the way, so the landing page, which sends a
 * signed-in visitor to /home, cannot bounce them back into the same failure).
 */
export function useUserCheck(onFailure: () => void): UserCheckResponse | null {
  const [user, setUser] = useState<UserCheckResponse | null>(null);
  const failed = useRef(onFailure);
  failed.current = onFailure;

  useEffect(() => {
    const abort = new AbortController();
    fetchUserCheck(abort.signal).then(setUser, () => {
      if (!abort.signal.aborted) failed.current();
    });
    return () => abort.abort();
  }, []);

  return user;
}
