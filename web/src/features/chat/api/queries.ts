import { type Conversation, conversationOrder } from '@agentforge/shared';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { withLatestPage } from '../utils/message-thread';
import {
  getConversation,
  listConversations,
  listTeamConversations,
  searchConversations,
} from './conversations';
import { fetchUserCheck } from './current-user';
import { listAllMessages, listMessages, type MessageThread } from './messages';
import { listProviders } from './providers';

export const chatKeys = {
  providers: () => ['providers'] as const,
  currentUser: () => ['current-user'] as const,
  conversations: () => ['conversations'] as const,
  search: (q: string) => ['conversations', 'search', q] as const,
  // Not under 'conversations': invalidating the list must not refetch (and clobber) a live thread.
  messages: (conversationId: string) => ['messages', conversationId] as const,
  /** Conversations shared with a team (all teams' without an id) and one read through its link. */
  teamConversations: (teamId?: string) =>
    teamId ? (['team-conversations', teamId] as const) : (['team-conversations'] as const),
  shared: (conversationId: string) => ['team-conversations', 'read', conversationId] as const,
};

/** GET /conversations?teamId=: what is shared with the team, newest first. */
export const teamConversationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: chatKeys.teamConversations(teamId),
    queryFn: ({ signal }) => listTeamConversations(teamId, signal),
  });

/**
 * GET /conversations/{id}: a conversation read through its shared link (or the author's own), with
 * only its latest messages (`sharedMessagesQuery` reads them all).
 */
export const sharedConversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.shared(conversationId),
    queryFn: () => getConversation(conversationId),
    retry: false,
  });

/** GET /conversations/{id}/messages, every page: the whole conversation the shared page shows. */
export const sharedMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: [...chatKeys.shared(conversationId), 'messages'] as const,
    queryFn: ({ signal }) => listAllMessages(conversationId, signal),
    retry: false,
  });

/** GET /conversations: the caller's conversations (without messages), newest first. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: chatKeys.conversations(),
    queryFn: async ({ signal }) => (await listConversations(signal)).sort(conversationOrder),
  });

/**
 * Changes the cached list the way the server just did (a conversation created, updated or
 * deleted), so the sidebar follows at once; the list is refetched when a reply ends.
 *
 * A refetch already under way read the list before this change (a reply's end starts one, and the
 * model's title arrives while it runs): it is cancelled, or its answer would put the old list back
 * until the next refetch. A first load is left to finish: it has nothing to overwrite.
 */
export function updateCachedConversations(
  client: QueryClient,
  update: (conversations: Conversation[]) => Conversation[],
): void {
  const key = chatKeys.conversations();
  const state = client.getQueryState(key);
  client.setQueryData(key, (conversations: Conversation[] | undefined) =>
    update(conversations ?? []).sort(conversationOrder),
  );
  // Cancelling reverts to the state from before the fetch, which setQueryData has just become.
  if (state?.data !== undefined && state.fetchStatus === 'fetching')
    void client.cancelQueries({ queryKey: key });
}

/** GET /conversations/search, page after page (each page reads a bounded slice of the history). */
export const conversationSearchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.search(q),
    queryFn: ({ pageParam, signal }) => searchConversations(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * How long the providers list is reused by every chat page (and on window focus): listing models
 * asks each provider. Saving or deleting a key, switching space and a retry load it again at once.
 */
const PROVIDERS_STALE_MS = 5 * 60_000;

/** GET /api-keys/providers: the providers and models the user can chat with now. */
export const providersQuery = () =>
  queryOptions({
    queryKey: chatKeys.providers(),
    queryFn: ({ signal }) => listProviders(signal),
    staleTime: PROVIDERS_STALE_MS,
  });

/** GET /user: the current user. */
export const currentUserQuery = () =>
  queryOptions({ queryKey: chatKeys.currentUser(), queryFn: ({ signal }) => fetchUserCheck(signal) });

/**
 * GET /conversations/{id}/messages, its latest page, loaded the first time the conversation is
 * shown (earlier pages are added as the reader scrolls up). The stream writes into the cached
 * thread from then on (`messagesAfter`), so it is never refetched behind it; a read-back reads the
 * latest page again and keeps the earlier pages loaded.
 */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: async ({ client, queryKey, signal }) =>
      withLatestPage(
        client.getQueryData<MessageThread>(queryKey),
        await listMessages(conversationId, { signal }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
