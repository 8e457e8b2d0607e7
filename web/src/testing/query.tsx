import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A fresh cache per render, without retries, so a failure shows at once and nothing leaks between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A `wrapper` for render/renderHook with its own fresh query cache. */
export function queryWrapper(client = createTestQueryClient()) {
  // biome-ignore lint/correctness/noComponentHookFactories: one wrapper per render, made once, binds its cache.
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
