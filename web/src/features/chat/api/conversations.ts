import {
  type Conversation,
  type ConversationMetadata,
  type ConversationSearchPage,
  type CreateConversationBodyInput,
  conversationSchema,
  conversationSearchPageSchema,
  type ModelSettings,
  type UpdateConversationBody,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';
import { currentSpaceTeamId } from '../../teams/utils/space';

const conversationListSchema = z.array(conversationSchema);

/** GET /conversations: the caller's conversations, newest first (without their messages). */
export function listConversations(signal?: AbortSignal): Promise<Conversation[]> {
  return apiClient.get('/conversations', { schema: conversationListSchema, ...(signal ? { signal } : {}) });
}

/** GET /conversations/{id}: the conversation with its latest page of messages (not all: see listAllMessages). */
export function getConversation(id: string): Promise<Conversation> {
  return apiClient.get(`/conversations/${encodeURIComponent(id)}`, { schema: conversationSchema });
}

/** POST /conversations with the messages it starts with (an import). */
export function importConversation(body: CreateConversationBodyInput): Promise<Conversation> {
  return apiClient.post('/conversations', body, { schema: conversationSchema });
}

/**
 * POST /conversations: a new conversation titled `title`, chatting with `metadata`'s model, in the
 * current space (a team's: its usage is on the team's plan and billed to the team). With `first`,
 * it is created with that user message (one request instead of two before the reply's stream).
 */
export function createConversation(
  title: string,
  metadata: ConversationMetadata,
  settings?: ModelSettings,
  first?: string,
): Promise<Conversation> {
  const now = Date.now();
  const body: CreateConversationBodyInput = {
    title,
    name: title,
    messages: first
      ? [
          {
            id: 'first',
            conversationId: 'new',
            role: 'user',
            content: first,
            timestamp: now,
            ...metadataModel(metadata),
          },
        ]
      : [],
    createdAt: now,
    updatedAt: now,
    metadata,
    ...(settings && Object.keys(settings).length ? { settings } : {}),
  };
  const teamId = currentSpaceTeamId();
  if (teamId) body.teamId = teamId;
  return apiClient.post('/conversations', body, { schema: conversationSchema });
}

const metadataModel = (metadata: ConversationMetadata) => ({
  provider: metadata.defaultProvider,
  model: metadata.defaultModel,
});

/** PUT /conversations/{id}, stamped now unless `changes` keeps a time. */
async function updateConversation(
  id: string,
  changes: Omit<UpdateConversationBody, 'updatedAt'> & { updatedAt?: number },
) {
  const body: UpdateConversationBody = { updatedAt: Date.now(), ...changes };
  await apiClient.put(`/conversations/${encodeURIComponent(id)}`, body);
}

/** PUT /conversations/{id}: saves the conversation's provider and model. */
export function updateConversationMetadata(id: string, metadata: ConversationMetadata): Promise<void> {
  return updateConversation(id, { metadata });
}

/**
 * PUT /conversations/{id}: the MCP servers the conversation uses, in order (none: detached). The
 * body carries the conversation's `metadata`, which the API requires.
 */
export function updateConversationServers(
  id: string,
  metadata: ConversationMetadata,
  mcpServerIds: readonly string[],
): Promise<void> {
  return updateConversation(id, { metadata, mcpServerIds: mcpServerIds.length ? [...mcpServerIds] : null });
}

/** The conversation a rename or a pin changes: neither is activity, so its time stays. */
type Kept = Pick<Conversation, 'id' | 'metadata' | 'updatedAt'>;

/** PUT /conversations/{id}: renames the conversation (the API requires its `metadata` too). */
export function renameConversation({ id, metadata, updatedAt }: Kept, title: string): Promise<void> {
  return updateConversation(id, { metadata, updatedAt, title });
}

/** PUT /conversations/{id}: pins the conversation to the top of the list, or unpins it. */
export function pinConversation({ id, metadata, updatedAt }: Kept, pinned: boolean): Promise<void> {
  return updateConversation(id, { metadata, updatedAt, pinned });
}

/** PUT /conversations/{id}: the conversation's system prompt and model parameters (null: none). */
export function updateConversationSettings(
  { id, metadata, updatedAt }: Kept,
  settings: ModelSettings | null,
) {
  return updateConversation(id, { metadata, updatedAt, settings });
}

/**
 * PUT /conversations/{id}: shares the conversation read-only with one of the caller's teams, or
 * stops sharing (null). Answers the conversation as saved.
 */
export async function shareConversation({ id, metadata, updatedAt }: Kept, teamId: string | null) {
  const body: UpdateConversationBody = { metadata, updatedAt, sharedWithTeamId: teamId };
  return apiClient.put(`/conversations/${encodeURIComponent(id)}`, body, { schema: conversationSchema });
}

/** GET /conversations?teamId=: the conversations shared with a team (its members only). */
export function listTeamConversations(teamId: string, signal?: AbortSignal): Promise<Conversation[]> {
  return apiClient.get(`/conversations?${new URLSearchParams({ teamId })}`, {
    schema: conversationListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The read-only page of a conversation shared with a team (the link its author copies). */
export const sharedConversationPath = (id: string) => `/shared/${encodeURIComponent(id)}`;

/** DELETE /conversations/{id} (204). */
export async function deleteConversation(id: string): Promise<void> {
  await apiClient.del(`/conversations/${encodeURIComponent(id)}`);
}

/** GET /conversations/search: a page of the caller's conversations matching `q`. */
export function searchConversations(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationSearchPage> {
  const params = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
  return apiClient.get(`/conversations/search?${params}`, {
    schema: conversationSearchPageSchema,
    ...(signal ? { signal } : {}),
  });
}
