import {
  CHAT_MESSAGES,
  errorMessage,
  type Message,
  type StreamQuery,
  type ToolApprovalDecision,
} from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback } from 'react';
import { type MessageThread, selectBranch } from '../api/messages';
import { chatKeys } from '../api/queries';
import type { ChatAction, ChatSnapshot } from '../utils/chat-reducer';
import type { ModelChoice } from '../utils/provider-choice';
import { newUserMessage, serversOf } from './outgoing-message';
import { startDecision } from './tool-decision';
import type { useReplyDelivery } from './use-reply-delivery';
import type { useReplyRun } from './use-reply-run';

/** Regenerate (no content: the reply to the history before `messageId`), or edit and resend. */
export type Replay = { messageId: string; content?: string };

type ActionOptions = {
  state: RefObject<ChatSnapshot>;
  dispatch: Dispatch<ChatAction>;
  choice: ModelChoice | null;
  serverIds: readonly string[];
  /** A reply or a new chat is under way: refused with 'busy'. */
  busy: () => boolean;
  /** Shows a refusal or a failure (null clears it). */
  setNotice: (notice: string | null) => void;
  runs: Pick<ReturnType<typeof useReplyRun>, 'startRun' | 'track' | 'stream'>;
  delivery: ReturnType<typeof useReplyDelivery>;
};

/**
 * What the user does to the messages of the conversation shown: regenerate a reply or edit and
 * resend a message (`replay`), show another alternative (`showBranch`), decide on a tool call the
 * reply paused at (`decide`). Each returns false when refused (the notice says why, if anything).
 */
export function useMessageActions({
  state,
  dispatch,
  choice,
  serverIds,
  busy,
  setNotice,
  runs: { startRun, track, stream },
  delivery: { begin, deliver },
}: ActionOptions) {
  const queryClient = useQueryClient();
  const refuse = useCallback(
    (message: string): false => {
      setNotice(message);
      return false;
    },
    [setNotice],
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
      if (edited !== undefined && !content) return refuse(CHAT_MESSAGES.emptyMessage);
      if (busy()) return refuse(CHAT_MESSAGES.busy);
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
    [begin, busy, choice, deliver, dispatch, queryClient, refuse, serverIds, setNotice, state, stream],
  );

  /** Shows another alternative of a message (its sibling `messageId`) and the branch that follows it. */
  const showBranch = useCallback(
    (messageId: string): boolean => {
      setNotice(null);
      if (busy()) return refuse(CHAT_MESSAGES.busy);
      const conversationId = state.current.selectedId;
      if (!conversationId) return false;
      void selectBranch(conversationId, messageId).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) }),
        (error: unknown) => setNotice(CHAT_MESSAGES.switchBranchFailed(errorMessage(error))),
      );
      return true;
    },
    [busy, queryClient, refuse, setNotice, state],
  );

  const decide = useCallback(
    (messageId: string, toolCallId: string, decision: ToolApprovalDecision): boolean => {
      setNotice(null);
      if (busy()) return refuse(CHAT_MESSAGES.busy);
      const conversationId = state.current.selectedId;
      if (!choice || !conversationId) return false;
      const target = { conversationId, messageId, toolCallId, choice };
      startDecision(target, decision, { dispatch, queryClient, startRun, track, stream });
      return true;
    },
    [busy, choice, dispatch, queryClient, refuse, setNotice, state, startRun, stream, track],
  );

  return { replay, showBranch, decide };
}
