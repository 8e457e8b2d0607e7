import { errorMessage, type Message } from '@agentforge/shared';
import { type Dispatch, useCallback } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { createMessage } from '../../chat/api/messages';
import { type ChatAction, tempMessageId } from '../../chat/utils/chat-reducer';
import type { ModelChoice } from '../../chat/utils/provider-choice';

/**
 * A reply typed to 'Would you like to proceed with this step?' stays in the chat as the user's
 * message (shown at once, then saved), whatever it does to the plan: the user's words are never
 * dropped.
 */
export function usePlanReply(dispatch: Dispatch<ChatAction>) {
  const { showToast } = useToast();
  return useCallback(
    (content: string, conversationId: string, choice: ModelChoice) => {
      const message: Message = {
        id: tempMessageId('user'),
        conversationId,
        role: 'user',
        content,
        timestamp: Date.now(),
      };
      dispatch({ type: 'message_added', conversationId, message });
      const body = {
        conversationId,
        provider: choice.provider,
        model: choice.model,
        content,
        role: 'user' as const,
      };
      createMessage(body).then(
        // The saved message takes the shown one's place; no read-back, which would replace the
        // thread under the step reply streaming in meanwhile.
        (saved) =>
          dispatch({ type: 'message_updated', conversationId, messageId: message.id, update: () => saved }),
        (error: unknown) => showToast({ type: 'error', message: errorMessage(error) }),
      );
    },
    [dispatch, showToast],
  );
}
