import {
  type Attachment,
  CHAT_MESSAGES,
  errorMessage,
  type Message,
  type ModelSettings,
  NEW_CONVERSATION_TITLE,
  titleFromMessage,
} from '@agentforge/shared';
import { type Dispatch, type RefObject, useCallback, useRef, useState } from 'react';
import { createConversation } from '../api/conversations';
import { type ChatAction, type ChatSnapshot, isBusy } from '../utils/chat-reducer';
import { type ModelChoice, metadataOf } from '../utils/provider-choice';
import { documentsOf, newUserMessage, type SendChoices, serversOf } from './outgoing-message';
import type { OutgoingAttachments } from './use-attachment-uploads';
import { useMessageActions } from './use-message-actions';
import { useReplyDelivery } from './use-reply-delivery';
import { useReplyRun } from './use-reply-run';

export type { SendChoices } from './outgoing-message';

/** Takes over sending (an agent mode): the chat still checks the text and creates the conversation. */
export type SendDelegate = {
  /** Before anything is created: true to go on, a refusal to show, or false (refused and told otherwise). */
  check: (content: string, attachmentCount: number) => boolean | string;
  /** Sends `content` in the conversation (`created`: just now, for this message). */
  send: (
    content: string,
    target: { conversationId: string; created: boolean; choice: ModelChoice },
  ) => Promise<boolean> | boolean;
};

type SendOptions = {
  state: RefObject<ChatSnapshot>;
  dispatch: Dispatch<ChatAction>;
  choice: ModelChoice | null;
  /** The MCP servers whose tools the reply may use (the stream's `mcpServerIds`). */
  serverIds?: readonly string[];
  hasUser: boolean;
  delegate?: SendDelegate | null;
  /** The user's default model settings, copied onto a conversation the first message creates. */
  defaultSettings?: () => Promise<ModelSettings | undefined>;
};

/**
 * A new chat's first message, shown at once while its conversation is created; `failed` (the
 * reason) when creating it failed, the message kept for a retry.
 */
export type PendingFirst = { message: Message; failed: string | null };

/**
 * Sending (spec 5 "Chat"): creates the conversation on the fly when none is selected, saves the
 * user's message ('[Error saving this message]' appended when that fails) and streams the reply
 * into a temporary assistant message. `stop` is 'Stop Generating'; regenerating, editing, branches
 * and tool decisions are useMessageActions'.
 */
export function useSendMessage({
  state,
  dispatch,
  choice,
  serverIds = NO_SERVERS,
  hasUser,
  delegate = null,
  defaultSettings,
}: SendOptions) {
  const runs = useReplyRun(dispatch);
  const { running, stream, stop } = runs;
  const delivery = useReplyDelivery(dispatch, serverIds, runs);
  const { begin, deliver } = delivery;
  const starting = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingFirst, setPendingFirst] = useState<PendingFirst | null>(null);
  const busy = useCallback(() => isBusy(state.current) || running() || starting.current, [state, running]);
  const actions = useMessageActions({ state, dispatch, choice, serverIds, busy, setNotice, runs, delivery });

  const send = useCallback(
    async (text: string, attachments?: OutgoingAttachments, choices?: SendChoices): Promise<boolean> => {
      const content = text.trim();
      const refuse = (message: string) => refuseWith(setNotice, message);
      setNotice(null);
      if (!content) return refuse(CHAT_MESSAGES.emptyMessage);
      if (!hasUser) return refuse(CHAT_MESSAGES.missingUser);
      if (busy()) return refuse(CHAT_MESSAGES.busy);
      if (!choice) return false;
      const verdict = delegate ? delegate.check(content, attachments?.count ?? 0) : true;
      if (verdict !== true) return verdict === false ? false : refuse(verdict);

      let conversationId = state.current.selectedId;
      const created = !conversationId;
      // A chat's first message (no files to upload first) comes with the conversation: one request,
      // then the stream. Named 'New Conversation' until the model's title follows the first reply.
      const withFirst = !delegate && !attachments?.count;
      let saved: Message | undefined;
      if (!conversationId) {
        starting.current = true;
        dispatch({ type: 'creating', creating: true });
        // Shown before the conversation exists; the saved message takes its place.
        if (withFirst) setPendingFirst({ message: newUserMessage('', content, []), failed: null });
        try {
          const settings = await defaultSettings?.();
          const { messages, ...conversation } = await createConversation(
            withFirst ? NEW_CONVERSATION_TITLE : titleFromMessage(content),
            metadataOf(choice),
            settings,
            withFirst ? content : undefined,
          );
          dispatch({ type: 'conversation_created', conversation: { ...conversation, messages: [] } });
          conversationId = conversation.id;
          saved = messages?.[0];
          setPendingFirst(null);
        } catch (error) {
          dispatch({ type: 'creating', creating: false });
          const reason = CHAT_MESSAGES.startChatFailed(errorMessage(error));
          setPendingFirst((pending) => (pending ? { ...pending, failed: reason } : null));
          return refuse(reason);
        } finally {
          starting.current = false;
        }
      }
      if (saved) {
        const reply = begin(conversationId, saved, choice);
        void stream(reply, {
          conversationId,
          provider: choice.provider,
          model: choice.model,
          ...serversOf(serverIds),
          ...documentsOf(choices),
        });
        return true;
      }
      if (delegate) return delegate.send(content, { conversationId, created, choice });

      // Files go straight to storage, into the conversation, before the message that names them.
      let attached: Attachment[] = [];
      if (attachments?.count) {
        starting.current = true;
        try {
          attached = await attachments.upload(conversationId);
        } catch (error) {
          return refuse(errorMessage(error));
        } finally {
          starting.current = false;
        }
      }

      const userMessage = newUserMessage(conversationId, content, attached);
      const reply = begin(conversationId, userMessage, choice);
      void deliver(reply, userMessage, choice, serverIds, undefined, choices);
      return true;
    },
    [begin, busy, choice, defaultSettings, delegate, deliver, dispatch, hasUser, serverIds, state, stream],
  );

  /** Sends a new chat's first message again after creating its conversation failed. */
  const retryFirst = useCallback(() => {
    if (pendingFirst?.failed) void send(pendingFirst.message.content);
  }, [pendingFirst, send]);

  return {
    send,
    ...actions,
    stop,
    notice,
    clearNotice: useCallback(() => setNotice(null), []),
    pendingFirst,
    retryFirst,
  };
}

function refuseWith(setNotice: (notice: string) => void, message: string): false {
  setNotice(message);
  return false;
}

const NO_SERVERS: readonly string[] = [];
