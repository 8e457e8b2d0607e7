import type { UserCheckResponse } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { currentUserQuery } from '../api/queries';

/**
 * The current user (GET /user). Spec 2 "Home": when it fails to load, the user is sent to /;
 * `onFailure` does that (the route signs out on the way, so the landing page, which sends a
 * signed-in visitor to /home, cannot bounce them back into the same failure).
 */
export function useUserCheck(onFailure: () => void): UserCheckResponse | null {
  const { data, isError } = useQuery(currentUserQuery());
  const failed = useRef(onFailure);
  failed.current = onFailure;
  useEffect(() => {
    if (isError) failed.current();
  }, [isError]);
  return data ?? null;
}
