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
  isPlanOpen,
  MAX_GOAL_LENGTH,
  type Message,
  type PlanMode,
  readySteps,
  type UpdatePlanStepBody,
} from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { createMessage } from '../../chat/api/messages';
import { chatKeys } from '../../chat/api/queries';
import { StreamError } from '../../chat/api/stream-error';
import type { SendDelegate } from '../../chat/hooks/use-send-message';
import { type ChatAction, type ChatSnapshot, tempMessageId } from '../../chat/utils/chat-reducer';
import type { ModelChoice } from '../../chat/utils/provider-choice';
import { streamPlan, streamStep } from '../api/agent-stream';
import { cancelPlan, confirmStep, updateStep } from '../api/plans';
import { agentKeys, planQuery, plansQuery, putPlan } from '../api/queries';
import { type RunOutcome, useAgentRuns } from './use-agent-runs';
import { useAgentMode, useAutoRunSetting } from './use-agent-settings';

/** Not worded by the spec: a plan's goal is text only (a prompt to the planner). */
export const NO_ATTACHMENTS = 'Files are not sent to the agent: remove them, or send them in Direct Chat.';

/** Not worded by the spec: the planning ended without a plan (nor an error). */
export const NO_PLAN = 'The agent did not propose a plan. Please try again.';

type AgentOptions = {
  conversationId: string | null;
  dispatch: Dispatch<ChatAction>;
  /** The chat as it is now (is a chat reply streaming?). */
  chat: RefObject<ChatSnapshot>;
  /** The MCP server attached to the chat: the plan's. */
  serverId: string | null;
  /** A plan mode without a server: the chat opens the server configuration. */
  onServerNeeded: () => void;
};

/** A goal being planned, or whose planning failed. */
type Attempt = { goal: string; mode: PlanMode; error: string | null };

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

const isRunning = (step: AgentPlanStep) => step.status === 'in_progress';
const NO_STEPS: readonly AgentPlanStep[] = [];

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/**
 * The agent modes (spec 4 "Agent status"). In a plan mode a message is a goal: it becomes a plan
 * (the plan stream), whose steps run one confirmation at a time (the execute stream), each writing
 * its output as an assistant message of the conversation. While a step waits, a typed reply
 * confirms it when it contains 'yes' and cancels the plan otherwise. The plans live in the query
 * cache (`planQuery`); the streams and the plan actions write the plan they answer with there.
 */
export function useAgent({ conversationId, dispatch, chat, serverId, onServerNeeded }: AgentOptions) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { mode, setMode, setModeOf } = useAgentMode(conversationId);
  const { autoRun, setAutoRun } = useAutoRunSetting();
  const runs = useAgentRuns(dispatch);
  /** The plan each conversation's panel shows. */
  const [shown, setShown] = useState<Readonly<Record<string, string>>>({});
  const [attempts, setAttempts] = useState<Readonly<Record<string, Attempt>>>({});
  const [actionError, setActionError] = useState<string | null>(null);
  /** Steps started here (by key): an auto-run step that failed to start is not started again. */
  const started = useRef(new Set<string>());
  const adopted = useRef(new Set<string>());

  // A failed action concerns the conversation it was taken in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the conversation changes.
  useEffect(() => setActionError(null), [conversationId]);

  const planId = conversationId ? shown[conversationId] : undefined;
  const here = runs.infos.filter((run) => run.conversationId === conversationId);
  const planning = here.some((run) => run.kind === 'plan');
  const stepRuns = here.filter((run) => run.kind === 'step' && run.planId === planId);
  const followed = useRef(false);
  followed.current = stepRuns.length > 0;
  const { data: plan = null } = useQuery({
    ...planQuery(conversationId ?? '', planId ?? '', () => followed.current),
    enabled: conversationId !== null && planId !== undefined,
  });
  const attempt = conversationId ? attempts[conversationId] : undefined;

  // Opening a conversation: its newest plan, if still open, is shown (in its mode) to go on with.
  const { data: plans } = useQuery({ ...plansQuery(conversationId ?? ''), enabled: conversationId !== null });
  useEffect(() => {
    if (!conversationId || !plans || adopted.current.has(conversationId)) return;
    adopted.current.add(conversationId);
    const newest = plans[0];
    if (!newest || !isPlanOpen(newest)) return;
    putPlan(queryClient, newest);
    setShown((current) => (current[conversationId] ? current : { ...current, [conversationId]: newest.id }));
    setModeOf(conversationId, newest.mode);
  }, [conversationId, plans, queryClient, setModeOf]);

  const { mutateAsync: confirmAll, isPending: confirming } = useMutation({
    mutationFn: async ({ plan, steps }: { plan: AgentPlan; steps: readonly AgentPlanStep[] }) => {
      let latest = plan;
      for (const step of steps) latest = await confirmStep(plan.conversationId, plan.id, step.id);
      return latest;
    },
    onSuccess: (latest) => putPlan(queryClient, latest),
  });
  const { mutateAsync: cancelAll, isPending: cancelling } = useMutation({
    mutationFn: (plan: AgentPlan) => cancelPlan(plan.conversationId, plan.id),
    onSuccess: (latest) => putPlan(queryClient, latest),
  });
  const { mutateAsync: saveStep } = useMutation({
    mutationFn: ({
      plan,
      stepId,
      changes,
    }: {
      plan: AgentPlan;
      stepId: string;
      changes: UpdatePlanStepBody;
    }) => updateStep(plan.conversationId, plan.id, stepId, changes),
    onSuccess: (latest) => putPlan(queryClient, latest),
  });

  const execute = useCallback(
    (current: AgentPlan, step: AgentPlanStep) => {
      const key = `${current.id}:${step.id}`;
      started.current.add(key);
      const { conversationId: cid, id: planId } = current;
      const index = current.steps.findIndex((candidate) => candidate.id === step.id) + 1;
      runs.start({
        info: { key, kind: 'step', conversationId: cid, planId, stepId: step.id },
        message: (id) => ({
          id,
          conversationId: cid,
          role: 'assistant',
          content: '',
          isLoading: true,
          timestamp: Date.now(),
          provider: step.provider ?? current.provider,
          model: step.model ?? current.model,
          agentStep: {
            planId,
            stepId: step.id,
            index,
            description: step.description,
            ...(step.role ? { role: step.role } : {}),
          },
        }),
        open: (callbacks, signal, update) =>
          streamStep(
            { conversationId: cid, planId, stepId: step.id },
            {
              ...callbacks,
              onPlan: (event) => {
                putPlan(queryClient, event.plan);
                if (event.type !== 'plan_step' || event.stepId !== step.id) return;
                // An MCP Server step streams no text: its output (the tool's result) is the message's.
                const output = event.plan.steps.find((s) => s.id === step.id)?.output;
                if (output)
                  update((message) => (message.content ? message : { ...message, content: output }));
              },
            },
            { signal },
          ),
        settle: ({ error }: RunOutcome) => {
          if (!error) return;
          // A step that failed once running is told by the plan (its error); one refused before, here.
          if (error.kind !== 'stream') setActionError(error.apiMessage ?? error.message);
          // What the server made of it (the step may have started, or another tab run it).
          void queryClient.invalidateQueries({ queryKey: agentKeys.plan(cid, planId), exact: true });
        },
      });
    },
    [queryClient, runs.start],
  );

  // Steps found running that no stream here follows (after a reload, or once stopped) are polled;
  // when they finish, the conversation's messages are read again for their output.
  const serverRunning = plan?.steps.some(isRunning) ?? false;
  const unfollowed = serverRunning && stepRuns.length === 0;
  const wasUnfollowed = useRef(false);
  useEffect(() => {
    const finished = wasUnfollowed.current && !serverRunning;
    wasUnfollowed.current = unfollowed;
    if (finished && conversationId && chat.current?.stream === null) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId), exact: true });
    }
  }, [unfollowed, serverRunning, conversationId, chat, queryClient]);

  const settled =
    plan !== null && isPlanOpen(plan) && !planning && stepRuns.length === 0 && !serverRunning && !cancelling;
  const ready = settled && plan ? readySteps(plan) : NO_STEPS;
  const automatic = ready.filter((step) => !step.requiresConfirmation);
  const asking = automatic.length > 0 ? NO_STEPS : ready;

  // Steps that need no confirmation run as soon as they are ready (each once from here).
  useEffect(() => {
    if (!plan || mode === 'direct') return;
    for (const step of automatic) {
      if (!started.current.has(`${plan.id}:${step.id}`)) execute(plan, step);
    }
  }, [automatic, plan, mode, execute]);

  const proceed = useCallback(async () => {
    if (!plan || asking.length === 0) return;
    setActionError(null);
    try {
      const latest = await confirmAll({ plan, steps: asking });
      for (const step of asking) execute(latest, latest.steps.find((s) => s.id === step.id) ?? step);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  }, [plan, asking, confirmAll, execute]);

  const cancel = useCallback(async () => {
    if (!plan) return;
    setActionError(null);
    try {
      await cancelAll(plan);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  }, [plan, cancelAll]);

  const edit = useCallback(
    async (stepId: string, changes: UpdatePlanStepBody) => {
      if (plan) await saveStep({ plan, stepId, changes });
    },
    [plan, saveStep],
  );

  const dismiss = useCallback(() => {
    if (!conversationId) return;
    setShown((current) => without(current, conversationId));
    setAttempts((current) => without(current, conversationId));
    setActionError(null);
  }, [conversationId]);

  /** The goal becomes a plan: the goal and the planning reply join the conversation. */
  const generate = (planMode: PlanMode, goal: string, cid: string, created: boolean, choice: ModelChoice) => {
    if (created) {
      // The mode goes with the new conversation; the next new chat starts in Direct Chat again.
      setModeOf(cid, planMode);
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
      patch: serverId ? { updatedAt: now, mcpServerId: serverId } : { updatedAt: now },
    });
    setShown((current) => without(current, cid));
    setAttempts((current) => ({ ...current, [cid]: { goal, mode: planMode, error: null } }));
    setActionError(null);
    const query = {
      conversationId: cid,
      ...(serverId ? { serverId } : {}),
      mode: planMode,
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
              setShown((current) => ({ ...current, [cid]: proposal.id }));
            },
          },
          { signal },
        );
      },
      settle: async ({ error, stopped }) => {
        if (stopped) return setAttempts((current) => without(current, cid));
        if (error || !proposed) {
          const text = !error
            ? NO_PLAN
            : error.kind === 'initiate'
              ? CHAT_MESSAGES.startGenerationFailed
              : (error.apiMessage ?? error.message);
          return setAttempts((current) => ({ ...current, [cid]: { goal, mode: planMode, error: text } }));
        }
        // The server saved the goal and the plan's summary as the reply: read them back.
        await queryClient.invalidateQueries({ queryKey: chatKeys.messages(cid), exact: true });
      },
    });
  };

  const delegate: SendDelegate | null = !isPlanDrivenMode(mode)
    ? null
    : {
        check: (content, attachmentCount) => {
          if (planning || stepRuns.length > 0 || serverRunning || confirming || cancelling) {
            return CHAT_MESSAGES.busy;
          }
          if (attachmentCount > 0) return NO_ATTACHMENTS;
          if (asking.length > 0) return true;
          if (!serverId) {
            showToast({ type: 'error', message: AGENT_MESSAGES.setUpServerFirst });
            onServerNeeded();
            return false;
          }
          return content.length > MAX_GOAL_LENGTH ? GOAL_TOO_LONG : true;
        },
        send: (content, { conversationId: cid, created, choice }) => {
          // A reply to 'Would you like to proceed with this step?' goes to the plan, not the model.
          if (asking.length > 0 && !created) {
            void (isConfirmationReply(content) ? proceed() : cancel());
            return true;
          }
          generate(mode, content, cid, created, choice);
          return true;
        },
      };

  let status: AgentStatus = 'idle';
  if (planning) status = 'planning';
  else if (stepRuns.length > 0 || serverRunning || confirming) status = 'executing';
  else if (plan ? plan.status === 'error' : attempt?.error) status = 'error';

  const running = new Set<string>([
    ...stepRuns.flatMap((run) => (run.stepId ? [run.stepId] : [])),
    ...(plan?.steps.filter(isRunning).map((step) => step.id) ?? []),
  ]);
  const open = plan !== null && isPlanOpen(plan);
  const panel: PlanPanelState | null =
    mode === 'direct' || (!plan && !attempt)
      ? null
      : {
          status,
          mode: plan?.mode ?? attempt?.mode ?? mode,
          goal: plan?.goal ?? attempt?.goal ?? '',
          plan,
          running,
          asking,
          canEdit: (step) => open && settled && step.status === 'pending' && !step.confirmedAt,
          canRetry: (step) => open && !cancelling && step.status === 'interrupted' && !running.has(step.id),
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
