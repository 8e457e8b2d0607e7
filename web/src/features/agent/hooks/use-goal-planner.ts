import { type AgentMode, CHAT_MESSAGES, errorMessage, type Message, type PlanMode } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { PLAN_LIMIT_TITLE, toastPlanLimit } from '../../billing/utils/plan-limit';
import { createMessage } from '../../chat/api/messages';
import { chatKeys } from '../../chat/api/queries';
import { StreamError } from '../../chat/api/stream-error';
import { type ChatAction, tempMessageId } from '../../chat/utils/chat-reducer';
import type { ModelChoice } from '../../chat/utils/provider-choice';
import { streamPlan } from '../api/lazy-agent-stream';
import { agentKeys, putPlan } from '../api/queries';
import type { useAgentRuns } from './use-agent-runs';
import type { useShownPlans } from './use-shown-plans';

/** Not worded by the spec: the planning ended without a plan (nor an error). */
export const NO_PLAN = 'The agent did not propose a plan. Please try again.';

type PlannerOptions = {
  dispatch: Dispatch<ChatAction>;
  runs: ReturnType<typeof useAgentRuns>;
  shown: ReturnType<typeof useShownPlans>;
  /** The MCP server attached to the chat: the plan's. */
  serverIds: readonly string[];
  autoRun: boolean;
  setModeOf: (conversationId: string | null, mode: AgentMode) => void;
};

type Goal = { mode: PlanMode; goal: string; conversationId: string; created: boolean; choice: ModelChoice };

/**
 * A goal becomes a plan: the goal is saved as the user's message, the plan stream writes the
 * planning reply and proposes the plan, which the panel then shows.
 */
export function useGoalPlanner({ dispatch, runs, shown, serverIds, autoRun, setModeOf }: PlannerOptions) {
  const queryClient = useQueryClient();
  return ({ mode, goal, conversationId: cid, created, choice }: Goal) => {
    if (created) {
      // The mode goes with the new conversation; the next new chat starts in Direct Chat again.
      setModeOf(cid, mode);
      setModeOf(null, 'direct');
      queryClient.setQueryData(agentKeys.plans(cid), []);
    }
    const now = Date.now();
    const goalMessage: Message = {
      id: tempMessageId('user'),
      conversationId: cid,
      role: 'user',
      content: goal,
      timestamp: now,
    };
    dispatch({ type: 'message_added', conversationId: cid, message: goalMessage });
    dispatch({
      type: 'conversation_updated',
      id: cid,
      patch: serverIds.length ? { updatedAt: now, mcpServerIds: [...serverIds] } : { updatedAt: now },
    });
    shown.planning(cid, { goal, mode, error: null });
    const query = {
      conversationId: cid,
      // The first alone for one server, as before several; several are listed (namespaced tools).
      ...(serverIds.length === 1 ? { serverId: serverIds[0] } : {}),
      ...(serverIds.length > 1 ? { serverIds: serverIds.join(',') } : {}),
      mode,
      provider: choice.provider,
      model: choice.model,
      autoRunReadOnly: autoRun ? ('true' as const) : ('false' as const),
    };
    const target = { conversationId: cid, provider: choice.provider, model: choice.model };
    let proposed = false;
    runs.start({
      info: { key: `plan:${cid}`, kind: 'plan', conversationId: cid },
      message: (id) => ({
        id,
        conversationId: cid,
        role: 'assistant',
        content: '',
        isLoading: true,
        provider: choice.provider,
        model: choice.model,
        timestamp: now,
      }),
      open: async (callbacks, signal) => {
        // The goal is saved first (a body); the stream names it by id: no text in the URL.
        let goalMessageId: string;
        try {
          goalMessageId = (await createMessage({ ...target, content: goal, role: 'user' })).id;
        } catch (error) {
          const reason = errorMessage(error);
          return callbacks.onError(new StreamError(reason, 'http', { apiMessage: reason }));
        }
        await streamPlan(
          { ...query, goalMessageId },
          {
            ...callbacks,
            onPlan: ({ plan: proposal }) => {
              proposed = true;
              putPlan(queryClient, proposal);
              shown.show(cid, proposal.id);
            },
          },
          { signal },
        );
      },
      settle: async ({ error, stopped }) => {
        if (stopped) return shown.stopped(cid);
        if (error || !proposed) {
          if (error) toastPlanLimit(PLAN_LIMIT_TITLE, error);
          const text = !error
            ? NO_PLAN
            : error.kind === 'initiate'
              ? CHAT_MESSAGES.startGenerationFailed
              : (error.apiMessage ?? error.message);
          return shown.failed(cid, { goal, mode, error: text });
        }
        // The server saved the goal and the plan's summary as the reply: read them back.
        await queryClient.invalidateQueries({ queryKey: chatKeys.messages(cid), exact: true });
      },
    });
  };
}
