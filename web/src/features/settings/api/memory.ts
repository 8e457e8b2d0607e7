import {
  type MemoryDecision,
  type MemoryFact,
  type MemoryView,
  memoryFactSchema,
  memoryViewSchema,
} from '@agentforge/shared';
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

/** Where a reply's memory proposal is: its conversation, the reply and the `remember` call. */
export type ProposalRef = { conversationId: string; messageId: string; toolCallId: string };

/** PUT /conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId} (204): Save or Dismiss, kept with the reply. */
export async function decideMemoryProposal(ref: ProposalRef, decision: MemoryDecision): Promise<void> {
  const path = [ref.conversationId, 'messages', ref.messageId, 'memory-proposals', ref.toolCallId]
    .map(encodeURIComponent)
    .join('/');
  await apiClient.put(`/conversations/${path}`, { decision });
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
