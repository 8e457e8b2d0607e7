import type { CreateApiKeyBody } from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKey, deleteApiKey, listApiKeys, validateApiKey } from './api-keys';
import { getPreferences } from './preferences';

export const apiKeyKeys = { list: () => ['api-keys'] as const };
export const preferencesKeys = { all: () => ['preferences'] as const };

/** GET /users/preferences */
export const preferencesQuery = () =>
  queryOptions({ queryKey: preferencesKeys.all(), queryFn: ({ signal }) => getPreferences(signal) });

/** GET /api-keys, newest first. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => listApiKeys(signal),
    select: (keys) => [...keys].sort((a, b) => b.createdAt - a.createdAt),
  });

/**
 * POST /api-keys and DELETE /api-keys/{id}; the stored list is refetched after either, and
 * `onChanged` (the providers' reload: a refetch, past their cache) runs.
 */
export function useApiKeyMutations(onChanged: () => void) {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    onChanged();
    await queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
  };
  return {
    create: useMutation({ mutationFn: (body: CreateApiKeyBody) => createApiKey(body), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => deleteApiKey(id), onSuccess }),
  };
}

/** POST /api-keys/validate: checks credentials with the provider. */
export const useValidateApiKey = () =>
  useMutation({ mutationFn: (request: Parameters<typeof validateApiKey>[0]) => validateApiKey(request) });
