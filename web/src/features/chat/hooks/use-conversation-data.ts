import {
  type AgentPlan,
  CHAT_MESSAGES,
  type Conversation,
  errorMessage,
  type Message,
} from '@agentforge/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { agentKeys } from '../../agent/api/queries';
import { listMessages, type MessageThread } from '../api/messages';
import { chatKeys, conversationsQuery, messagesQuery, updateCachedConversations } from '../api/queries';
import { preloadConversation } from '../components/lazy-conversation-view';
import { type ChatAction, conversationsAfter, messagesAfter } from '../utils/chat-reducer';
import { withOlderPage } from '../utils/message-thread';
import type { useConversationRoute } from './use-conversation-route';

type ConversationRoute = ReturnType<typeof useConversationRoute>;

/**
 * The conversation list (from the query cache) and a dispatch that keeps that cache in step with
 * the chat's conversation actions. The selection (the URL) follows: a new conversation is shown,
 * a deleted one shown is left for a new chat, and the newest is shown when the list first loads
 * onto a new chat.
 */
export function useConversations(reduce: Dispatch<ChatAction>, route: ConversationRoute) {
  const queryClient = useQueryClient();
  const { data, error, isFetching, refetch } = useQuery(conversationsQuery());
  const { selectedId, select } = route;
  const shown = useRef(selectedId);
  shown.current = selectedId;
  const dispatch = useCallback(
    (action: ChatAction) => {
      if (conversationsAfter([], action) !== null) {
        updateCachedConversations(queryClient, (list) => conversationsAfter(list, action) ?? list);
      }
      applyToMessages(queryClient, action);
      // A reply ended: the server has the conversation's final title and time.
      if (action.type === 'stream_changed' && action.stream === null) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
      }
      if (action.type === 'conversation_created') select(action.conversation.id, { replace: true });
      if (action.type === 'conversation_removed' && shown.current === action.id)
        select(null, { replace: true });
      reduce(action);
    },
    [queryClient, reduce, select],
  );

  const firstLoad = useRef(true);
  useEffect(() => {
    if (!data || !firstLoad.current) return;
    firstLoad.current = false;
    const newest = data[0];
    if (newest && shown.current === null) select(newest.id, { replace: true });
  }, [data, select]);

  const reload = useCallback(() => void refetch(), [refetch]);
  const failed = error !== null && !isFetching;
  return {
    conversations: data ?? NONE,
    status: failed ? ('error' as const) : data ? ('ready' as const) : ('loading' as const),
    error: failed ? errorMessage(error) : null,
    reload,
    dispatch,
  };
}

const NONE: Conversation[] = [];

/** The chat message shown when a conversation's messages cannot be loaded. */
export function loadFailureMessage(conversationId: string, error: unknown): Message {
  return {
    id: `load-error-${conversationId}`,
    conversationId,
    role: 'assistant',
    content: CHAT_MESSAGES.loadMessagesFailed(errorMessage(error)),
    isError: true,
    timestamp: Date.now(),
  };
}

/** Keeps each conversation's cached messages in step with the chat's actions. */
function applyToMessages(client: QueryClient, action: ChatAction): void {
  if (action.type === 'conversation_created' && !action.imported) {
    // Created here just now: nothing to read when it becomes the URL's (its first reply is
    // streaming); an agent's plan is written into the cache by its own stream.
    client.setQueryData<MessageThread>(chatKeys.messages(action.conversation.id), { messages: [] });
    client.setQueryData<AgentPlan[]>(agentKeys.plans(action.conversation.id), []);
  } else if (action.type === 'conversation_removed') {
    client.removeQueries({ queryKey: chatKeys.messages(action.id) });
  } else if (
    action.type === 'message_added' ||
    action.type === 'message_updated' ||
    action.type === 'messages_replaced_from'
  ) {
    client.setQueryData(
      chatKeys.messages(action.conversationId),
      (thread: MessageThread = { messages: [] }) => ({
        ...thread,
        messages: messagesAfter(thread.messages, action),
      }),
    );
  }
}

const NO_MESSAGES: Message[] = [];

/** How often a reply this tab is not streaming is read again while the server says it is generating. */
export const SAVED_REPLY_POLL_MS = 2_000;

/**
 * Reads a conversation's latest page ahead of its opening (its row in the sidebar hovered or
 * focused), with the list and Markdown parser its messages need: the click then shows it from the cache.
 */
export function usePrefetchThread(): (conversationId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId: string) => {
      preloadConversation();
      void queryClient.prefetchQuery(messagesQuery(conversationId));
    },
    [queryClient],
  );
}

/** Earlier messages of a long conversation: loaded a page at a time as the reader scrolls up. */
export type OlderMessages = {
  /** Whether messages before the first one shown remain to be loaded. */
  more: boolean;
  loading: boolean;
  /** Why the last load failed, worded for the chat. */
  error: string | null;
  load: () => void;
};

/**
 * The selected conversation's messages, its latest page loaded the first time it is shown (a
 * load goes on when the selection moves on: its result is kept for that conversation), earlier
 * pages on demand (`older`); a failed load reads as one error message in the chat. A reply the
 * server still generates while this tab streams nothing (after a reload, a dropped connection,
 * another tab) is read again until it ends: finished, or interrupted when its writer died; never
 * a typing indicator forever.
 */
export function useThread(
  selectedId: string | null,
  /**
   * Whether this tab streams a reply now (a chat reply or an agent's run): its own cache is then the
   * truth, with no re-reads behind it. Asked at each read, so it may follow hooks called later.
   */
  isStreaming: () => boolean = () => false,
): {
  messages: Message[];
  loading: boolean;
  /** The API has no such conversation of this user (unknown, deleted or someone else's). */
  notFound: boolean;
  older: OlderMessages;
} {
  const { data, error, isPending } = useQuery({
    ...messagesQuery(selectedId ?? ''),
    enabled: selectedId !== null,
    refetchInterval: (query) =>
      !isStreaming() && query.state.data?.messages.some((message) => message.isLoading)
        ? SAVED_REPLY_POLL_MS
        : false,
  });
  const older = useOlderMessages(selectedId, data?.olderCursor);
  if (selectedId === null) return { messages: NO_MESSAGES, loading: false, notFound: false, older };
  if (error instanceof ApiError && error.status === 404) {
    return { messages: NO_MESSAGES, loading: false, notFound: true, older };
  }
  if (error) {
    return { messages: [loadFailureMessage(selectedId, error)], loading: false, notFound: false, older };
  }
  return { messages: data?.messages ?? NO_MESSAGES, loading: isPending, notFound: false, older };
}

/** Loads the page before the thread's first message into the cache, one load at a time. */
function useOlderMessages(conversationId: string | null, cursor: string | undefined): OlderMessages {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ key: string; loading: boolean; error: string | null } | null>(null);
  const key = `${conversationId}:${cursor}`;
  const current = state?.key === key ? state : null;
  const busy = useRef<string | null>(null);
  const load = useCallback(() => {
    if (!conversationId || cursor === undefined || busy.current === key) return;
    busy.current = key;
    setState({ key, loading: true, error: null });
    const done = (error: string | null) => {
      busy.current = null;
      setState((now) => (now?.key === key ? { key, loading: false, error } : now));
    };
    listMessages(conversationId, { before: cursor }).then(
      (page) => {
        queryClient.setQueryData<MessageThread>(chatKeys.messages(conversationId), (thread) =>
          // Only onto the thread it was read for (a read-back may have replaced it meanwhile).
          thread && thread.olderCursor === cursor ? withOlderPage(thread, page) : thread,
        );
        done(null);
      },
      (error: unknown) => done(CHAT_MESSAGES.loadMessagesFailed(errorMessage(error))),
    );
  }, [conversationId, cursor, key, queryClient]);
  return {
    more: cursor !== undefined,
    loading: current?.loading ?? false,
    error: current?.error ?? null,
    load,
  };
}
