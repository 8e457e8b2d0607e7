import { useCallback, useReducer, useRef } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { deleteConversation } from '../api/conversations';
import { chatReducer, initialChatState, isBusy } from '../utils/chat-reducer';
import { useConversationList, useThreadLoader } from './use-conversation-data';
import { useProviderSelection } from './use-provider-selection';
import type { ProvidersState } from './use-providers';
import { useSendMessage } from './use-send-message';

/** Everything the chat screen shows and does: conversations, the selected thread, sending and stopping. */
export function useChat(
  providers: Pick<ProvidersState, 'status' | 'providers'>,
  { hasUser }: { hasUser: boolean },
) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const latest = useRef(state);
  latest.current = state;
  const { showToast } = useToast();

  const reloadConversations = useConversationList(dispatch);
  useThreadLoader(state.selectedId, state.threads, dispatch);

  const conversation = state.conversations.find((c) => c.id === state.selectedId);
  const selection = useProviderSelection(conversation, providers, dispatch);
  const { send, stop, notice, clearNotice } = useSendMessage({
    state: latest,
    dispatch,
    choice: selection.choice,
    hasUser,
  });

  const select = useCallback(
    (id: string | null) => {
      clearNotice();
      dispatch({ type: 'selected', id });
    },
    [clearNotice],
  );

  const remove = useCallback(
    async (id: string) => {
      if (latest.current.stream?.conversationId === id) stop();
      try {
        await deleteConversation(id);
        dispatch({ type: 'conversation_removed', id });
      } catch (error) {
        showToast({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [showToast, stop],
  );

  const thread = state.selectedId ? state.threads[state.selectedId] : undefined;
  return {
    conversations: state.conversations,
    conversationsStatus: state.conversationsStatus,
    conversationsError: state.conversationsError,
    reloadConversations,
    selectedId: state.selectedId,
    conversation,
    messages: thread?.messages ?? [],
    loadingMessages: thread?.status === 'loading',
    busy: isBusy(state),
    /** The reply streaming in the selected conversation, if any. */
    stream: state.stream && state.stream.conversationId === state.selectedId ? state.stream : null,
    selection,
    select,
    remove,
    send,
    stop,
    notice,
    clearNotice,
  };
}
