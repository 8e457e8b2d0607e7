import { type AgentMode, CHAT_MESSAGES, type Message, type PlanMode } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { type ChatAction, tempMessageId } from '../../chat/utils/chat-reducer';
import type { ModelChoice } from '../../chat/utils/provider-choice';
import { agentKeys } from '../api/queries';
import { withRunCode } from './run-code';
import type { useAgentRuns } from './use-agent-runs';
import type { useShownPlans } from './use-shown-plans';

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
 * A goal becomes a plan: the goal shows as the user's message at once, then its planning runs
 * (`goalRun`: the goal saved, the plan stream's reply and proposal), which the panel then shows.
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
    withRunCode(
      ({ goalRun }) =>
        runs.start(
          goalRun({ queryClient, shown, mode, goal, conversationId: cid, choice, serverIds, autoRun, now }),
        ),
      () => shown.failed(cid, { goal, mode, error: CHAT_MESSAGES.startGenerationFailed }),
    );
  };
}
