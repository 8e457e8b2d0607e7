import { type Conversation, DEFAULT_MODEL, DEFAULT_PROVIDER } from '@agentforge/shared';
import { type Dispatch, useCallback, useEffect, useState } from 'react';
import { updateConversationMetadata } from '../api/conversations';
import type { ChatAction } from '../utils/chat-reducer';
import { choiceOf, type ModelChoice, metadataOf, resolveChoice, sameChoice } from '../utils/provider-choice';
import type { ProvidersState } from './use-providers';

export type ProviderSelection = {
  /** What the next message goes to; null while providers load, or when none is available. */
  choice: ModelChoice | null;
  choose: (choice: ModelChoice) => void;
};

/**
 * The provider and model of the selected conversation (its metadata), or of the new chat. Spec 4
 * "Provider fallback": when they are not available, the first available provider and model are
 * used and saved to the conversation's metadata.
 */
export function useProviderSelection(
  conversation: Conversation | undefined,
  providers: Pick<ProvidersState, 'status' | 'providers'>,
  dispatch: Dispatch<ChatAction>,
): ProviderSelection {
  const [draft, setDraft] = useState<ModelChoice>({ provider: DEFAULT_PROVIDER, model: DEFAULT_MODEL });
  const wanted = conversation ? choiceOf(conversation.metadata) : draft;
  const choice = providers.status === 'ready' ? resolveChoice(wanted, providers.providers) : null;

  const save = useCallback(
    (conversationId: string, next: ModelChoice) => {
      const metadata = metadataOf(next);
      dispatch({ type: 'conversation_updated', id: conversationId, patch: { metadata } });
      // A failed save changes nothing here: the choice is in use, and the fallback runs again next time.
      void updateConversationMetadata(conversationId, metadata).catch(() => undefined);
    },
    [dispatch],
  );

  const conversationId = conversation?.id;
  const fallback = conversationId && choice && !sameChoice(choice, wanted) ? choice : null;
  const fallbackProvider = fallback?.provider;
  const fallbackModel = fallback?.model;
  useEffect(() => {
    if (conversationId && fallbackProvider && fallbackModel) {
      save(conversationId, { provider: fallbackProvider, model: fallbackModel });
    }
  }, [conversationId, fallbackProvider, fallbackModel, save]);

  const choose = useCallback(
    (next: ModelChoice) => (conversationId ? save(conversationId, next) : setDraft(next)),
    [conversationId, save],
  );

  return { choice, choose };
}
