import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** A refused request (4xx) answers the same again; network failures and 5xx get two more tries. */
function retryUnlessRefused(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** The app's server-state cache: lists are fetched again when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: true, retry: retryUnlessRefused },
      mutations: { retry: false },
    },
  });
}
