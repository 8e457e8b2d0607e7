import {
  type Attachment,
  CHAT_MESSAGES,
  errorMessage,
  type Message,
  STREAM_STATUSES,
  type StreamStatus,
} from '@agentforge/shared';
import { type Dispatch, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { createConversation } from '../api/conversations';
import { createMessage } from '../api/messages';
import { streamReply } from '../api/stream-client';
import { type ChatAction, type ChatSnapshot, isBusy, tempMessageId } from '../utils/chat-reducer';
import { titleFromMessage } from '../utils/conversation-title';
import { type ModelChoice, metadataOf } from '../utils/provider-choice';
import { type ReplyRun, replyCallbacks } from './reply-callbacks';
import type { OutgoingAttachments } from './use-attachment-uploads';

export const isStreamStatus = (status: string): status is StreamStatus =>
  (STREAM_STATUSES as readonly string[]).includes(status);

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
  /** The MCP server whose tools the reply may use (the stream's `mcpServerId`). */
  serverId?: string | null;
  hasUser: boolean;
  delegate?: SendDelegate | null;
};

/**
 * Sending (spec 5 "Chat"): creates the conversation on the fly when none is selected, saves the
 * user's message ('[Error saving this message]' appended when that fails) and streams the reply
 * into a temporary assistant message. `stop` is 'Stop Generating'.
 */
export function useSendMessage({
  state,
  dispatch,
  choice,
  serverId = null,
  hasUser,
  delegate = null,
}: SendOptions) {
  const run = useRef<ReplyRun | null>(null);
  const starting = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => () => run.current?.controller.abort(), []);

  const track = useCallback(
    (reply: ReplyRun, status: StreamStatus | null) => {
      if (run.current !== reply) return;
      if (status === null) {
        run.current = null;
        return dispatch({ type: 'stream_changed', stream: null });
      }
      dispatch({
        type: 'stream_changed',
        stream: { conversationId: reply.conversationId, messageId: reply.messageId, status },
      });
    },
    [dispatch],
  );

  const deliver = useCallback(
    async (reply: ReplyRun, userMessage: Message, target: ModelChoice, server: string | null) => {
      const { conversationId } = reply;
      const base = { conversationId, provider: target.provider, model: target.model };
      let triggerContent: string | undefined;
      try {
        const saved = await createMessage({ ...base, content: userMessage.content, role: 'user' });
        const update = (m: Message) => ({ ...m, id: saved.id, timestamp: saved.timestamp });
        dispatch({ type: 'message_updated', conversationId, messageId: userMessage.id, update });
      } catch {
        // The server saves the message itself when the stream carries it.
        triggerContent = userMessage.content;
        const update = (m: Message) => ({
          ...m,
          content: `${m.content}\n\n${CHAT_MESSAGES.saveMessageFailed}`,
        });
        dispatch({ type: 'message_updated', conversationId, messageId: userMessage.id, update });
      }
      if (reply.finished) return;
      track(reply, 'connecting');
      const callbacks = replyCallbacks(reply, {
        update: (update) =>
          dispatch({ type: 'message_updated', conversationId, messageId: reply.messageId, update }),
        status: (status) => (status === null || isStreamStatus(status) ? track(reply, status) : undefined),
      });
      const query = {
        ...base,
        ...(server ? { mcpServerId: server } : {}),
        ...(triggerContent ? { triggerContent } : {}),
        ...(userMessage.attachments?.length
          ? { attachmentIds: userMessage.attachments.map((attachment) => attachment.id).join(',') }
          : {}),
      };
      await streamReply(query, callbacks, {
        signal: reply.controller.signal,
      });
    },
    [dispatch, track],
  );

  const send = useCallback(
    async (text: string, attachments?: OutgoingAttachments): Promise<boolean> => {
      const content = text.trim();
      const refuse = (message: string) => {
        setNotice(message);
        return false;
      };
      setNotice(null);
      if (!content) return refuse(CHAT_MESSAGES.emptyMessage);
      if (!hasUser) return refuse(CHAT_MESSAGES.missingUser);
      if (isBusy(state.current) || run.current || starting.current) return refuse(CHAT_MESSAGES.busy);
      if (!choice) return false;
      const verdict = delegate ? delegate.check(content, attachments?.count ?? 0) : true;
      if (verdict !== true) return verdict === false ? false : refuse(verdict);

      let conversationId = state.current.selectedId;
      const created = !conversationId;
      if (!conversationId) {
        starting.current = true;
        dispatch({ type: 'creating', creating: true });
        try {
          const conversation = await createConversation(titleFromMessage(content), metadataOf(choice));
          dispatch({ type: 'conversation_created', conversation });
          conversationId = conversation.id;
        } catch (error) {
          dispatch({ type: 'creating', creating: false });
          return refuse(CHAT_MESSAGES.startChatFailed(errorMessage(error)));
        } finally {
          starting.current = false;
        }
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

      const now = Date.now();
      const userMessage: Message = {
        id: tempMessageId('user'),
        conversationId,
        role: 'user',
        content,
        timestamp: now,
        ...(attached.length ? { attachments: attached } : {}),
      };
      const reply: ReplyRun = {
        controller: new AbortController(),
        conversationId,
        messageId: tempMessageId('assistant'),
        finished: false,
        stopRequested: false,
        stopSent: false,
      };
      const replyMessage: Message = {
        id: reply.messageId,
        conversationId,
        role: 'assistant',
        content: '',
        isLoading: true,
        provider: choice.provider,
        model: choice.model,
        timestamp: now,
      };
      dispatch({ type: 'message_added', conversationId, message: userMessage });
      dispatch({ type: 'message_added', conversationId, message: replyMessage });
      // The API records the server on the conversation as the reply starts.
      const patch = serverId ? { updatedAt: now, mcpServerId: serverId } : { updatedAt: now };
      dispatch({ type: 'conversation_updated', id: conversationId, patch });
      run.current = reply;
      track(reply, 'sending');
      void deliver(reply, userMessage, choice, serverId);
      return true;
    },
    [choice, delegate, deliver, dispatch, hasUser, serverId, state, track],
  );

  const stop = useCallback(() => {
    const reply = run.current;
    if (!reply) return;
    replyCallbacks(reply, {
      update: (update) =>
        dispatch({
          type: 'message_updated',
          conversationId: reply.conversationId,
          messageId: reply.messageId,
          update,
        }),
      status: () => track(reply, null),
    }).stop();
  }, [dispatch, track]);

  return { send, stop, notice, clearNotice: useCallback(() => setNotice(null), []) };
}
