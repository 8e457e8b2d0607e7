import type { Provider } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { providersQuery } from '../api/queries';

export type ProvidersState = {
  status: 'loading' | 'ready' | 'error';
  providers: Provider[];
  /** Loads the list again (after API keys change); the current list stays until the new one is in. */
  reload: () => void;
};

const NONE: Provider[] = [];

/** The providers and models the user can chat with now (GET /api-keys/providers). */
export function useProviders(): ProvidersState {
  const { data, isError, isFetching, refetch } = useQuery(providersQuery());
  const reload = useCallback(() => void refetch(), [refetch]);
  if (isError && !isFetching) return { status: 'error', providers: NONE, reload };
  return data ? { status: 'ready', providers: data, reload } : { status: 'loading', providers: NONE, reload };
}
