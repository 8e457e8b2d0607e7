import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { listConversations } from '../api/conversations';
import { listMessages } from '../api/messages';
import type { ChatAction, Thread } from '../utils/chat-reducer';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Loads the conversation list (and selects the newest on the first load); returns a reload. */
export function useConversationList(dispatch: Dispatch<ChatAction>): () => void {
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    dispatch({ type: 'conversations_loading' });
    listConversations(abort.signal).then(
      (conversations) => {
        dispatch({ type: 'conversations_loaded', conversations });
        const newest = conversations[0];
        if (version === 0 && newest) dispatch({ type: 'selected', id: newest.id });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) dispatch({ type: 'conversations_failed', error: reasonOf(error) });
      },
    );
    return () => abort.abort();
  }, [dispatch, version]);

  return useCallback(() => setVersion((v) => v + 1), []);
}

/** The chat message shown when a conversation's messages cannot be loaded. */
export function loadFailureMessage(conversationId: string, error: unknown): Message {
  return {
    id: `load-error-${conversationId}`,
    conversationId,
    role: 'assistant',
    content: CHAT_MESSAGES.loadMessagesFailed(reasonOf(error)),
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
