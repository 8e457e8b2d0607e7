import type { CreateApiKeyBody } from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKey, deleteApiKey, listApiKeys, validateApiKey } from './api-keys';
import { addMemoryFact, deleteMemoryFact, getMemory, setMemoryEnabled, updateMemoryFact } from './memory';
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

export const memoryKeys = { all: () => ['memory'] as const };

/** GET /users/memory */
export const memoryQuery = () =>
  queryOptions({ queryKey: memoryKeys.all(), queryFn: ({ signal }) => getMemory(signal) });

/** Memory's changes; the memory is read again after each (the list stays the server's, newest first). */
export function useMemoryMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: memoryKeys.all() });
  return {
    toggle: useMutation({
      mutationFn: (enabled: boolean) => setMemoryEnabled(enabled),
      onSuccess: (view) => queryClient.setQueryData(memoryKeys.all(), view),
    }),
    add: useMutation({ mutationFn: (text: string) => addMemoryFact(text), onSuccess }),
    edit: useMutation({
      mutationFn: ({ factId, text }: { factId: string; text: string }) => updateMemoryFact(factId, text),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (factId: string) => deleteMemoryFact(factId), onSuccess }),
  };
}
