import type { Message, StreamQuery, ToolApprovalDecision } from '@agentforge/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { chatKeys } from '../api/queries';
import type { ChatAction } from '../utils/chat-reducer';
import type { ModelChoice } from '../utils/provider-choice';
import type { ReplyRun } from './reply-callbacks';
import type { useReplyRun } from './use-reply-run';

type Runs = Pick<ReturnType<typeof useReplyRun>, 'startRun' | 'track' | 'stream'>;

/**
 * A decision on the tool call the last reply paused at (Allow once, Always allow, Deny): the reply
 * goes on in the same message (a stream naming only ids), and the thread is read back once it
 * ends, however it ends (a decision another tab made first is refused, and the thread then shows it).
 */
export function startDecision(
  target: { conversationId: string; messageId: string; toolCallId: string; choice: ModelChoice },
  decision: ToolApprovalDecision,
  {
    dispatch,
    queryClient,
    startRun,
    track,
    stream,
  }: Runs & { dispatch: Dispatch<ChatAction>; queryClient: QueryClient },
): void {
  const { conversationId, messageId, toolCallId, choice } = target;
  const reply: ReplyRun = {
    controller: new AbortController(),
    conversationId,
    messageId,
    // The reply's id is known: Stop reaches it at once.
    serverId: messageId,
    finished: false,
    stopRequested: false,
    stopSent: false,
  };
  const update = (message: Message): Message => ({
    ...message,
    isLoading: true,
    ...(message.toolApproval ? { toolApproval: { ...message.toolApproval, state: decision } } : {}),
  });
  dispatch({ type: 'message_updated', conversationId, messageId, update });
  startRun(reply);
  track(reply, 'sending');
  const query: StreamQuery = {
    conversationId,
    provider: choice.provider,
    model: choice.model,
    approvalFor: messageId,
    toolCallId,
    decision,
  };
  void (async () => {
    await stream(reply, query);
    await queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
  })();
}
