import {
  type CreateMessageBody,
  type Message,
  messageSchema,
  type StopMessageBody,
  type UpdateMessageBody,
} from '@agentforge/shared';
import * as z from 'zod';
import { apiClient } from '../../../lib/api-client';

/** One page of GET /conversations/{id}/messages (oldest first). */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().optional(),
});

/** The largest page the API serves. */
export const MESSAGE_PAGE_SIZE = 200;

/** All of a conversation's messages, oldest first, following the pages' cursors. */
export async function listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  const messages: Message[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiClient.get(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
      schema: messagePageSchema,
      query: { limit: MESSAGE_PAGE_SIZE, cursor },
      ...(signal ? { signal } : {}),
    });
    messages.push(...page.messages);
    cursor = page.nextCursor;
  } while (cursor);
  return messages;
}

/** POST /messages: saves the user's message. */
export function createMessage(body: CreateMessageBody): Promise<Message> {
  return apiClient.post('/messages', body, { schema: messageSchema });
}

/**
 * PUT /conversations/{id}/messages/{messageId}: saves an edited message before it is resent (the
 * stream then names it by id: text never travels in a URL).
 */
export function editMessage(conversationId: string, messageId: string, content: string): Promise<Message> {
  const body: UpdateMessageBody = { content };
  return apiClient.put(
    `/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`,
    body,
    { schema: messageSchema },
  );
}

/** POST /conversations/{id}/messages/{messageId}/stop: the server saves what it has plus '[Streaming stopped]'. */
export async function stopMessage(
  conversationId: string,
  messageId: string,
  shownChars: number,
): Promise<void> {
  const body: StopMessageBody = { shownChars };
  await apiClient.post(
    `/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/stop`,
    body,
  );
}
