import {
  type CreateMessageBody,
  MAX_MESSAGE_PAGE_SIZE,
  type Message,
  type MessagePageQuery,
  messagePageSchema,
  messageSchema,
  type SelectBranchBody,
  type StopMessageBody,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** The messages loaded of a conversation (its latest ones, oldest first) and the cursor to earlier ones. */
export type MessageThread = { messages: Message[]; olderCursor?: string };

/** Earlier messages load this many at a time as the reader scrolls up. */
export const MESSAGE_PAGE_SIZE = 50;
/**
 * A conversation opens on its latest messages, enough to fill a tall screen: fewer than a page, so
 * the first view waits for less (the page before them loads once it is shown).
 */
export const LATEST_PAGE_SIZE = 20;

/**
 * The latest page of a conversation (`before` absent), or the page before a cursor, oldest first,
 * with the cursor to the messages before it (absent when it reaches the first message).
 */
export async function listMessages(
  conversationId: string,
  { before, signal }: { before?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<MessageThread> {
  const query: MessagePageQuery = {
    order: 'newest',
    branches: 'shown',
    limit: before ? MESSAGE_PAGE_SIZE : LATEST_PAGE_SIZE,
    ...(before ? { cursor: before } : {}),
  };
  const page = await apiClient.get(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    schema: messagePageSchema,
    query,
    ...(signal ? { signal } : {}),
  });
  return {
    messages: page.messages.toReversed(),
    ...(page.nextCursor ? { olderCursor: page.nextCursor } : {}),
  };
}

/**
 * Every message of a conversation's branch shown (`branches: 'all'`: of every branch, each with its
 * parent), oldest first, read page after page from the latest back: each response stays under
 * Lambda's 6 MB however long the conversation (an export, the shared page).
 */
export async function listAllMessages(
  conversationId: string,
  signal?: AbortSignal,
  branches: MessagePageQuery['branches'] = 'shown',
): Promise<Message[]> {
  const path = `/conversations/${encodeURIComponent(conversationId)}/messages`;
  const pages: Message[][] = [];
  let cursor: string | undefined;
  do {
    const query: MessagePageQuery = {
      order: 'newest',
      limit: MAX_MESSAGE_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
      branches,
    };
    const page = await apiClient.get(path, {
      schema: messagePageSchema,
      query,
      ...(signal ? { signal } : {}),
    });
    pages.push(page.messages.toReversed());
    cursor = page.nextCursor;
  } while (cursor);
  return pages.toReversed().flat();
}

/** POST /messages: saves the user's message (`parentId`: as a sibling of an edited one, edit and resend). */
export function createMessage(body: CreateMessageBody): Promise<Message> {
  return apiClient.post('/messages', body, { schema: messageSchema });
}

/**
 * PUT /conversations/{id}/branch: the alternative `messageId` (and its continuation) is the branch
 * shown from now on, here and on every device.
 */
export async function selectBranch(conversationId: string, messageId: string): Promise<void> {
  const body: SelectBranchBody = { messageId };
  await apiClient.put(`/conversations/${encodeURIComponent(conversationId)}/branch`, body);
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
