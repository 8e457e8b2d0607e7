import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addMemoryFact, deleteMemoryFact, getMemory, setMemoryEnabled, updateMemoryFact } from './memory';

// Apart from queries.ts, which /home loads: memory's code comes with Settings or a proposal card.

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
