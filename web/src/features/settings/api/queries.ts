import { queryOptions } from '@tanstack/react-query';
import { listApiKeys } from './api-keys';

export const apiKeyKeys = { list: () => ['api-keys'] as const };

/** GET /api-keys, newest first. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => listApiKeys(signal),
    select: (keys) => [...keys].sort((a, b) => b.createdAt - a.createdAt),
  });
