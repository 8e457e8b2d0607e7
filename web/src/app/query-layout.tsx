import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from './query-client';

let appQueryClient: QueryClient | undefined;

/**
 * The layout route of the pages that read the API: the server-state cache, loaded with them (the
 * landing page and the sign-in screens need none). One cache for the app's lifetime, so leaving for
 * a public page and coming back keeps it; a cache provided around the router (tests) is used instead.
 */
export function Component() {
  const outer = useContext(QueryClientContext);
  if (outer) return <Outlet />;
  appQueryClient ??= createQueryClient();
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
