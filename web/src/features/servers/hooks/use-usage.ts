import type { ComputeUsage } from '@agentforge/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchUsage } from '../api/servers';

export type UsageState = {
  status: 'loading' | 'ready' | 'error';
  usage: ComputeUsage | null;
  reload: () => void;
};

/** This month's server compute (GET /mcp/usage); a failed reload keeps the last answer. */
export function useUsage(): UsageState {
  const [status, setStatus] = useState<UsageState['status']>('loading');
  const [usage, setUsage] = useState<ComputeUsage | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const answer = await fetchUsage();
      if (request !== latest.current) return;
      setUsage(answer);
      setStatus('ready');
    } catch {
      if (request !== latest.current) return;
      setStatus((current) => (current === 'ready' ? current : 'error'));
    }
  }, []);

  useEffect(() => {
    void load();
    return () => {
      latest.current += 1;
    };
  }, [load]);

  const reload = useCallback(() => void load(), [load]);
  return useMemo(() => ({ status, usage, reload }), [status, usage, reload]);
}
