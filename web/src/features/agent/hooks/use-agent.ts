import {
  AGENT_MESSAGES,
  type AgentPlan,
  type AgentPlanStep,
  type AgentStatus,
  CHAT_MESSAGES,
  errorMessage,
  GOAL_TOO_LONG,
  isConfirmationReply,
  isPlanDrivenMode,
  MAX_GOAL_LENGTH,
  type PlanMode,
  type UpdatePlanStepBody,
} from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { chatKeys } from '../../chat/api/queries';
import type { SendDelegate } from '../../chat/hooks/use-send-message';
import type { ChatAction, ChatSnapshot } from '../../chat/utils/chat-reducer';
import { planQuery } from '../api/queries';
import { planProgress } from '../utils/plan-progress';
import { preloadRunCode } from './run-code';
import { useAgentRuns } from './use-agent-runs';
import { useAgentMode, useAutoRunSetting } from './use-agent-settings';
import { useGoalPlanner } from './use-goal-planner';
import { usePlanActions } from './use-plan-actions';
import { usePlanReply } from './use-plan-reply';
import { useShownPlans } from './use-shown-plans';
import { useStepRunner } from './use-step-runner';

/** Not worded by the spec: a plan's goal is text only (a prompt to the planner). */
export const NO_ATTACHMENTS = 'Files are not sent to the agent: remove them, or send them in Direct Chat.';

type AgentOptions = {
  conversationId: string | null;
  dispatch: Dispatch<ChatAction>;
  /** The chat as it is now (is a chat reply streaming?). */
  chat: RefObject<ChatSnapshot>;
  /** The MCP server attached to the chat: the plan's. */
  /** The chat's MCP servers: a plan's steps may use the tools of any of them. */
  serverIds: readonly string[];
  /** A plan mode without a server: the chat opens the server configuration. */
  onServerNeeded: () => void;
};

/** What the 'Current Plan' panel shows and does. */
export type PlanPanelState = {
  status: AgentStatus;
  mode: PlanMode;
  goal: string;
  plan: AgentPlan | null;
  /** Steps running now (streamed here, or found in progress). */
  running: ReadonlySet<string>;
  /** The ready steps waiting for 'Yes, proceed' (several run in parallel in Multi Agent). */
  asking: readonly AgentPlanStep[];
  /** Whether a step can still be edited (pending, not confirmed, nothing running). */
  canEdit: (step: AgentPlanStep) => boolean;
  /** A plan action is under way. */
  busy: boolean;
  error: string | null;
  proceed: () => void;
  cancel: () => void;
  /** An interrupted step may run again ('Retry'): the server runs it once however often it is asked. */
  canRetry: (step: AgentPlanStep) => boolean;
  retry: (step: AgentPlanStep) => void;
  /** Saves a change to a step; rejects with the API's error. */
  edit: (stepId: string, changes: UpdatePlanStepBody) => Promise<void>;
  /** Hides a finished plan (or a failed planning). */
  dismiss: () => void;
};

/**
 * The agent modes (spec 4 "Agent status"). In a plan mode a message is a goal: it becomes a plan
 * (the plan stream, `useGoalPlanner`), whose steps run one confirmation at a time (the execute
 * stream, `useStepRunner`), each writing its output as an assistant message of the conversation.
 * While a step waits, a typed reply (kept in the chat) confirms it when it contains 'yes' and
 * cancels the plan otherwise. The plans live in the query cache (`planQuery`); the streams and the plan actions
 * write the plan they answer with there.
 */
export function useAgent({ conversationId, dispatch, chat, serverIds, onServerNeeded }: AgentOptions) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { mode, setMode, setModeOf } = useAgentMode(conversationId);
  const { autoRun, setAutoRun } = useAutoRunSetting();
  const runs = useAgentRuns(dispatch);
  const shown = useShownPlans(conversationId, setModeOf);
  const actions = usePlanActions();
  const [actionError, setActionError] = useState<string | null>(null);
  const { execute, wasStarted } = useStepRunner(runs, setActionError);
  const planGoal = useGoalPlanner({ dispatch, runs, shown, serverIds, autoRun, setModeOf });
  const keepReply = usePlanReply(dispatch);

  // A failed action concerns the conversation it was taken in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the conversation changes.
  useEffect(() => setActionError(null), [conversationId]);

  const { planId, attempt } = shown;
  // A plan's runs load their code once a plan mode is chosen or a plan shown (ahead of any goal).
  const planShown = planId !== undefined;
  useEffect(() => {
    if (isPlanDrivenMode(mode) || planShown) void preloadRunCode().catch(() => undefined);
  }, [mode, planShown]);
  const here = runs.infos.filter((run) => run.conversationId === conversationId);
  const planning = here.some((run) => run.kind === 'plan');
  const stepRuns = here.filter((run) => run.kind === 'step' && run.planId === planId);
  const followed = useRef(false);
  followed.current = stepRuns.length > 0;
  const { data: plan = null } = useQuery({
    ...planQuery(conversationId ?? '', planId ?? '', () => followed.current),
    enabled: conversationId !== null && planId !== undefined,
  });
  const { confirming, cancelling } = actions;
  const progress = planProgress({
    plan,
    attemptError: attempt?.error ?? null,
    planning,
    streamedStepIds: stepRuns.map((run) => run.stepId),
    confirming,
    cancelling,
  });
  const { serverRunning, automatic, asking } = progress;

  // Steps found running that no stream here follows (after a reload, or once stopped) are polled;
  // when they finish, the conversation's messages are read again for their output.
  const unfollowed = serverRunning && stepRuns.length === 0;
  const wasUnfollowed = useRef(false);
  useEffect(() => {
    const finished = wasUnfollowed.current && !serverRunning;
    wasUnfollowed.current = unfollowed;
    if (finished && conversationId && chat.current?.stream === null) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId), exact: true });
    }
  }, [unfollowed, serverRunning, conversationId, chat, queryClient]);

  // Steps that need no confirmation run as soon as they are ready (each once from here).
  useEffect(() => {
    if (!plan || mode === 'direct') return;
    for (const step of automatic) if (!wasStarted(plan, step)) execute(plan, step);
  }, [automatic, plan, mode, execute, wasStarted]);

  const { confirmSteps, cancelPlan, saveStep } = actions;
  const proceed = useCallback(async () => {
    if (!plan || asking.length === 0) return;
    setActionError(null);
    try {
      const latest = await confirmSteps({ plan, steps: asking });
      for (const step of asking) execute(latest, latest.steps.find((s) => s.id === step.id) ?? step);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  }, [plan, asking, confirmSteps, execute]);

  const cancel = useCallback(async () => {
    if (!plan) return;
    setActionError(null);
    try {
      await cancelPlan(plan);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  }, [plan, cancelPlan]);

  const edit = useCallback(
    async (stepId: string, changes: UpdatePlanStepBody) => {
      if (plan) await saveStep({ plan, stepId, changes });
    },
    [plan, saveStep],
  );

  const { forget } = shown;
  const dismiss = useCallback(() => {
    if (!conversationId) return;
    forget(conversationId);
    setActionError(null);
  }, [conversationId, forget]);

  const delegate: SendDelegate | null = !isPlanDrivenMode(mode)
    ? null
    : {
        check: (content, attachmentCount) => {
          if (planning || stepRuns.length > 0 || serverRunning || confirming || cancelling) {
            return CHAT_MESSAGES.busy;
          }
          if (attachmentCount > 0) return NO_ATTACHMENTS;
          if (asking.length > 0) return true;
          if (serverIds.length === 0) {
            showToast({ type: 'error', message: AGENT_MESSAGES.setUpServerFirst });
            onServerNeeded();
            return false;
          }
          return content.length > MAX_GOAL_LENGTH ? GOAL_TOO_LONG : true;
        },
        send: (content, { conversationId: cid, created, choice }) => {
          // A reply to 'Would you like to proceed with this step?' goes to the plan, not the model.
          if (asking.length > 0 && !created) {
            keepReply(content, cid, choice);
            void (isConfirmationReply(content) ? proceed() : cancel());
            return true;
          }
          setActionError(null);
          planGoal({ mode, goal: content, conversationId: cid, created, choice });
          return true;
        },
      };

  const panel: PlanPanelState | null =
    mode === 'direct' || (!plan && !attempt)
      ? null
      : {
          status: progress.status,
          mode: plan?.mode ?? attempt?.mode ?? mode,
          goal: plan?.goal ?? attempt?.goal ?? '',
          plan,
          running: progress.running,
          asking,
          canEdit: progress.canEdit,
          canRetry: progress.canRetry,
          retry: (step) => {
            setActionError(null);
            if (plan) execute(plan, step);
          },
          busy: confirming || cancelling,
          error: actionError ?? (plan ? null : (attempt?.error ?? null)),
          proceed: () => void proceed(),
          cancel: () => void cancel(),
          edit,
          dismiss,
        };

  /** A plan or step of this conversation streams into this tab (its messages are this tab's truth). */
  const streaming = here.length > 0;
  return { mode, setMode, autoRun, setAutoRun, delegate, stop: runs.stop, panel, streaming };
}
