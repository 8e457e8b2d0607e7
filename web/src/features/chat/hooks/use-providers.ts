import type { Provider } from '@agentforge/shared';
import { useCallback, useEffect, useState } from 'react';
import { listProviders } from '../api/providers';

export type ProvidersState = {
  status: 'loading' | 'ready' | 'error';
  providers: Provider[];
  /** Loads the list again (after API keys change); the current list stays until the new one is in. */
  reload: () => void;
};

/** The providers and models the user can chat with now (GET /api-keys/providers). */
export function useProviders(): ProvidersState {
  const [state, setState] = useState<Omit<ProvidersState, 'reload'>>({ status: 'loading', providers: [] });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const abort = new AbortController();
    setState((current) => (current.status === 'error' ? { status: 'loading', providers: [] } : current));
    listProviders(abort.signal).then(
      (providers) => setState({ status: 'ready', providers }),
      () => {
        if (!abort.signal.aborted) setState({ status: 'error', providers: [] });
      },
    );
    return () => abort.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
