import { type MemoryFact, type MemoryView, memoryFactSchema, memoryViewSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /users/memory: the switch and the facts, newest first. */
export function getMemory(signal?: AbortSignal): Promise<MemoryView> {
  return apiClient.get('/users/memory', { schema: memoryViewSchema, ...(signal ? { signal } : {}) });
}

/** PUT /users/memory: memory on or off. */
export function setMemoryEnabled(enabled: boolean): Promise<MemoryView> {
  return apiClient.put('/users/memory', { enabled }, { schema: memoryViewSchema });
}

/** POST /users/memory/facts (409 once memory is full). */
export function addMemoryFact(text: string): Promise<MemoryFact> {
  return apiClient.post('/users/memory/facts', { text }, { schema: memoryFactSchema });
}

/** PUT /users/memory/facts/{factId} */
export function updateMemoryFact(factId: string, text: string): Promise<MemoryFact> {
  return apiClient.put(
    `/users/memory/facts/${encodeURIComponent(factId)}`,
    { text },
    { schema: memoryFactSchema },
  );
}

/** DELETE /users/memory/facts/{factId} (204). */
export async function deleteMemoryFact(factId: string): Promise<void> {
  await apiClient.del(`/users/memory/facts/${encodeURIComponent(factId)}`);
}
