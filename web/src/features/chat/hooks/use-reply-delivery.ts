import { CHAT_MESSAGES, errorMessage, type Message } from '@agentforge/shared';
import { type Dispatch, useCallback } from 'react';
import { createMessage } from '../api/messages';
import { StreamError } from '../api/stream-error';
import { type ChatAction, replyPlaceholder, tempMessageId } from '../utils/chat-reducer';
import type { ModelChoice } from '../utils/provider-choice';
import { attachmentIdsOf, documentsOf, type SendChoices, serversOf } from './outgoing-message';
import type { ReplyRun } from './reply-callbacks';
import type { useReplyRun } from './use-reply-run';

type Runs = Pick<ReturnType<typeof useReplyRun>, 'startRun' | 'track' | 'callbacksOf' | 'stream'>;

/**
 * Starting a reply: `begin` shows the user's message (if any) and the reply to come and makes the
 * reply the run; `deliver` saves the user's message ('[Error saving this message]' appended when
 * that fails, and no reply) and then streams the reply to it.
 */
export function useReplyDelivery(
  dispatch: Dispatch<ChatAction>,
  serverIds: readonly string[],
  { startRun, track, callbacksOf, stream }: Runs,
) {
  const deliver = useCallback(
    async (
      reply: ReplyRun,
      userMessage: Message,
      target: ModelChoice,
      servers: readonly string[],
      onEnd?: () => void,
      choices?: SendChoices,
    ) => {
      const { conversationId } = reply;
      const base = { conversationId, provider: target.provider, model: target.model };
      // Edit and resend: a sibling of the edited message (its parent's child); else after the last one.
      const parent = userMessage.parentId === undefined ? {} : { parentId: userMessage.parentId };
      try {
        const saved = await createMessage({ ...base, content: userMessage.content, role: 'user', ...parent });
        const update = (m: Message) => ({ ...m, id: saved.id, timestamp: saved.timestamp });
        dispatch({ type: 'message_updated', conversationId, messageId: userMessage.id, update });
      } catch (error) {
        // The stream names only ids (text never travels in a URL): without the message, no reply.
        const update = (m: Message) => ({
          ...m,
          content: `${m.content}\n\n${CHAT_MESSAGES.saveMessageFailed}`,
        });
        dispatch({ type: 'message_updated', conversationId, messageId: userMessage.id, update });
        callbacksOf(reply).onError(new StreamError(errorMessage(error), 'http'));
        return onEnd?.();
      }
      await stream(
        reply,
        {
          ...base,
          ...serversOf(servers),
          ...attachmentIdsOf(userMessage.attachments),
          ...documentsOf(choices),
        },
        onEnd,
      );
    },
    [callbacksOf, dispatch, stream],
  );

  /** Shows the user's message (if any) and the reply to come, and makes the reply the run. */
  const begin = useCallback(
    (conversationId: string, userMessage: Message | null, target: ModelChoice): ReplyRun => {
      const now = Date.now();
      const reply: ReplyRun = {
        controller: new AbortController(),
        conversationId,
        messageId: tempMessageId('assistant'),
        finished: false,
        stopRequested: false,
        stopSent: false,
      };
      const replyMessage = replyPlaceholder({
        id: reply.messageId,
        conversationId,
        provider: target.provider,
        model: target.model,
        timestamp: now,
      });
      if (userMessage) dispatch({ type: 'message_added', conversationId, message: userMessage });
      dispatch({ type: 'message_added', conversationId, message: replyMessage });
      // The API records the server on the conversation as the reply starts.
      const patch = serverIds.length ? { updatedAt: now, mcpServerIds: [...serverIds] } : { updatedAt: now };
      dispatch({ type: 'conversation_updated', id: conversationId, patch });
      startRun(reply);
      track(reply, 'sending');
      return reply;
    },
    [dispatch, serverIds, track, startRun],
  );

  return { begin, deliver };
}
