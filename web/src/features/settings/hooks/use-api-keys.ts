import type { ApiKeyView } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiKeysQuery } from '../api/queries';

export type ApiKeysState = {
  status: 'loading' | 'ready' | 'error';
  keys: ApiKeyView[];
  error: string | null;
  reload: () => void;
};

const NONE: ApiKeyView[] = [];

/** The user's stored keys (GET /api-keys), newest first. */
export function useApiKeys(): ApiKeysState {
  const { data, error, isFetching, refetch } = useQuery(apiKeysQuery());
  const reload = useCallback(() => void refetch(), [refetch]);
  if (error && !isFetching) return { status: 'error', keys: NONE, error: error.message, reload };
  return { status: data ? 'ready' : 'loading', keys: data ?? NONE, error: null, reload };
}
