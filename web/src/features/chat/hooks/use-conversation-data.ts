import { CHAT_MESSAGES, type Conversation, errorMessage, type Message } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { listMessages } from '../api/messages';
import { chatKeys, conversationsQuery, updateCachedConversations } from '../api/queries';
import { type ChatAction, conversationsAfter, type Thread } from '../utils/chat-reducer';

/**
 * The conversation list (from the query cache) and a dispatch that keeps that cache in step with
 * the chat's conversation actions; the newest conversation is selected when the list first loads.
 */
export function useConversations(reduce: Dispatch<ChatAction>) {
  const queryClient = useQueryClient();
  const { data, error, isFetching, refetch } = useQuery(conversationsQuery());
  const dispatch = useCallback(
    (action: ChatAction) => {
      if (conversationsAfter([], action) !== null) {
        updateCachedConversations(queryClient, (list) => conversationsAfter(list, action) ?? list);
      }
      // A reply ended: the server has the conversation's final title and time.
      if (action.type === 'stream_changed' && action.stream === null) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
      }
      reduce(action);
    },
    [queryClient, reduce],
  );

  const firstLoad = useRef(true);
  useEffect(() => {
    if (!data || !firstLoad.current) return;
    firstLoad.current = false;
    const newest = data[0];
    if (newest) reduce({ type: 'selected', id: newest.id });
  }, [data, reduce]);

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

/**
 * Loads the selected conversation's messages the first time it is shown. A load is not aborted
 * when the selection moves on: its result is kept for that conversation.
 */
export function useThreadLoader(
  selectedId: string | null,
  threads: Record<string, Thread>,
  dispatch: Dispatch<ChatAction>,
): void {
  const known = useRef(threads);
  known.current = threads;
  const requested = useRef(new Set<string>());

  useEffect(() => {
    if (!selectedId || known.current[selectedId] || requested.current.has(selectedId)) return;
    requested.current.add(selectedId);
    dispatch({ type: 'thread_loading', id: selectedId });
    listMessages(selectedId)
      .then(
        (messages) => dispatch({ type: 'thread_loaded', id: selectedId, messages }),
        (error: unknown) =>
          dispatch({ type: 'thread_failed', id: selectedId, message: loadFailureMessage(selectedId, error) }),
      )
      .finally(() => requested.current.delete(selectedId));
  }, [selectedId, dispatch]);
}
