import type { ApiKeyView } from '@agentforge/shared';
import { useCallback, useEffect, useState } from 'react';
import { listApiKeys } from '../api/api-keys';

export type ApiKeysState = {
  status: 'loading' | 'ready' | 'error';
  keys: ApiKeyView[];
  error: string | null;
  reload: () => void;
};

/** The user's stored keys (GET /api-keys), newest first. */
export function useApiKeys(): ApiKeysState {
  const [state, setState] = useState<Omit<ApiKeysState, 'reload'>>({
    status: 'loading',
    keys: [],
    error: null,
  });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const abort = new AbortController();
    listApiKeys(abort.signal).then(
      (keys) =>
        setState({ status: 'ready', keys: [...keys].sort((a, b) => b.createdAt - a.createdAt), error: null }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({
          status: 'error',
          keys: [],
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => abort.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
