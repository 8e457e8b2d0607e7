import type { ComputeUsage } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { usageQuery } from '../api/queries';

export type UsageState = {
  status: 'loading' | 'ready' | 'error';
  usage: ComputeUsage | null;
  reload: () => void;
};

/** This month's server compute (GET /mcp/usage); a failed reload keeps the last answer. */
export function useUsage(): UsageState {
  const { data, isError, refetch } = useQuery(usageQuery());
  const reload = useCallback(() => void refetch(), [refetch]);
  const status = data !== undefined ? 'ready' : isError ? 'error' : 'loading';
  return useMemo(() => ({ status, usage: data ?? null, reload }), [status, data, reload]);
}
