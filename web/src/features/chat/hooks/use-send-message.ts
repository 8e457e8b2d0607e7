import {
  type Attachment,
  CHAT_MESSAGES,
  errorMessage,
  type Message,
  type ModelSettings,
  NEW_CONVERSATION_TITLE,
  type StreamQuery,
  type ToolApprovalDecision,
  titleFromMessage,
} from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback, useRef, useState } from 'react';
import { createConversation } from '../api/conversations';
import { createMessage, type MessageThread, selectBranch } from '../api/messages';
import { chatKeys } from '../api/queries';
import { StreamError } from '../api/stream-error';
import { type ChatAction, type ChatSnapshot, isBusy, tempMessageId } from '../utils/chat-reducer';
import { type ModelChoice, metadataOf } from '../utils/provider-choice';
import type { ReplyRun } from './reply-callbacks';
import { startDecision } from './tool-decision';
import type { OutgoingAttachments } from './use-attachment-uploads';
import { useReplyRun } from './use-reply-run';

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

/** What the user chose for one message: 'Use my documents' (the stream's `useDocuments`). */
export type SendChoices = { useDocuments?: boolean };

/** Regenerate (no content: the reply to the history before `messageId`), or edit and resend. */
export type Replay = { messageId: string; content?: string };

/**
 * Sending (spec 5 "Chat"): creates the conversation on the fly when none is selected, saves the
 * user's message ('[Error saving this message]' appended when that fails) and streams the reply
 * into a temporary assistant message. `stop` is 'Stop Generating'.
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
  const queryClient = useQueryClient();
  const { running, startRun, track, callbacksOf, stream, stop } = useReplyRun(dispatch);
  const starting = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingFirst, setPendingFirst] = useState<PendingFirst | null>(null);

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
      const replyMessage: Message = {
        id: reply.messageId,
        conversationId,
        role: 'assistant',
        content: '',
        isLoading: true,
        provider: target.provider,
        model: target.model,
        timestamp: now,
      };
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

  const send = useCallback(
    async (text: string, attachments?: OutgoingAttachments, choices?: SendChoices): Promise<boolean> => {
      const content = text.trim();
      const refuse = (message: string) => refuseWith(setNotice, message);
      setNotice(null);
      if (!content) return refuse(CHAT_MESSAGES.emptyMessage);
      if (!hasUser) return refuse(CHAT_MESSAGES.missingUser);
      if (isBusy(state.current) || running() || starting.current) return refuse(CHAT_MESSAGES.busy);
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
    [begin, choice, defaultSettings, delegate, deliver, dispatch, hasUser, serverIds, state, stream, running],
  );

  /**
   * Regenerate a reply, or edit and resend a message of the conversation shown, with the model
   * picked now: either is a new alternative beside the message (its sibling), shown from now on;
   * the message and the turns after it stay reachable ('< 1/2 >'). Edit: the edited text is saved
   * first (POST, a body, with the edited message's parent), then streamed like any message. The
   * messages are read back once the reply has ended (with the alternatives' count).
   */
  const replay = useCallback(
    ({ messageId, content: edited }: Replay): boolean => {
      const conversationId = state.current.selectedId;
      const content = edited?.trim();
      setNotice(null);
      if (edited !== undefined && !content) return refuseWith(setNotice, CHAT_MESSAGES.emptyMessage);
      if (isBusy(state.current) || running() || starting.current)
        return refuseWith(setNotice, CHAT_MESSAGES.busy);
      if (!choice || !conversationId) return false;
      const messages =
        queryClient.getQueryData<MessageThread>(chatKeys.messages(conversationId))?.messages ?? [];
      const at = messages.findIndex((message) => message.id === messageId);
      const replaced = messages[at];
      if (!replaced) return false;
      dispatch({ type: 'messages_replaced_from', conversationId, messageId });
      const readBack = () =>
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
      if (content) {
        // The edited message's files go with its new version.
        const userMessage: Message = {
          ...newUserMessage(conversationId, content, replaced.attachments ?? []),
          parentId: replaced.parentId ?? messages[at - 1]?.id ?? null,
        };
        const reply = begin(conversationId, userMessage, choice);
        void deliver(reply, userMessage, choice, serverIds, readBack);
        return true;
      }
      const reply = begin(conversationId, null, choice);
      const query: StreamQuery = {
        conversationId,
        provider: choice.provider,
        model: choice.model,
        replaceFrom: messageId,
        ...serversOf(serverIds),
      };
      void stream(reply, query, readBack);
      return true;
    },
    [begin, choice, deliver, dispatch, queryClient, serverIds, state, stream, running],
  );

  /** Shows another alternative of a message (its sibling `messageId`) and the branch that follows it. */
  const showBranch = useCallback(
    (messageId: string): boolean => {
      setNotice(null);
      if (isBusy(state.current) || running() || starting.current)
        return refuseWith(setNotice, CHAT_MESSAGES.busy);
      const conversationId = state.current.selectedId;
      if (!conversationId) return false;
      void selectBranch(conversationId, messageId).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) }),
        (error: unknown) => setNotice(CHAT_MESSAGES.switchBranchFailed(errorMessage(error))),
      );
      return true;
    },
    [queryClient, state, running],
  );

  const decide = useCallback(
    (messageId: string, toolCallId: string, decision: ToolApprovalDecision): boolean => {
      setNotice(null);
      if (isBusy(state.current) || running() || starting.current)
        return refuseWith(setNotice, CHAT_MESSAGES.busy);
      const conversationId = state.current.selectedId;
      if (!choice || !conversationId) return false;
      const target = { conversationId, messageId, toolCallId, choice };
      startDecision(target, decision, { dispatch, queryClient, startRun, track, stream });
      return true;
    },
    [choice, dispatch, queryClient, state, startRun, stream, track, running],
  );

  /** Sends a new chat's first message again after creating its conversation failed. */
  const retryFirst = useCallback(() => {
    if (pendingFirst?.failed) void send(pendingFirst.message.content);
  }, [pendingFirst, send]);

  return {
    send,
    replay,
    showBranch,
    decide,
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

function newUserMessage(conversationId: string, content: string, attachments: Attachment[]): Message {
  return {
    id: tempMessageId('user'),
    conversationId,
    role: 'user',
    content,
    timestamp: Date.now(),
    ...(attachments.length ? { attachments } : {}),
  };
}

const NO_SERVERS: readonly string[] = [];

const serversOf = (servers: readonly string[]): Pick<StreamQuery, 'mcpServerIds'> =>
  servers.length ? { mcpServerIds: servers.join(',') } : {};

/** The stream's `attachmentIds`: the files of the message the reply answers. */
function attachmentIdsOf(attachments: Attachment[] | undefined): Pick<StreamQuery, 'attachmentIds'> {
  return attachments?.length
    ? { attachmentIds: attachments.map((attachment) => attachment.id).join(',') }
    : {};
}

const documentsOf = (choices: SendChoices | undefined): Pick<StreamQuery, 'useDocuments'> =>
  choices?.useDocuments ? { useDocuments: 'true' } : {};
