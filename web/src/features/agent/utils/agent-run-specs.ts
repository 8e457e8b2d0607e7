import {
  type AgentPlan,
  type AgentPlanStep,
  CHAT_MESSAGES,
  errorMessage,
  type PlanMode,
} from '@agentforge/shared';
import type { QueryClient } from '@tanstack/react-query';
import { PLAN_LIMIT_TITLE, toastPlanLimit } from '../../billing/utils/plan-limit';
import { createMessage } from '../../chat/api/messages';
import { chatKeys } from '../../chat/api/queries';
import { StreamError } from '../../chat/api/stream-error';
import { replyPlaceholder } from '../../chat/utils/chat-reducer';
import type { ModelChoice } from '../../chat/utils/provider-choice';
import { streamPlan, streamStep } from '../api/lazy-agent-stream';
import { agentKeys, putPlan } from '../api/queries';
import type { StartRun } from '../hooks/use-agent-runs';
import type { useShownPlans } from '../hooks/use-shown-plans';

/** Not worded by the spec: the planning ended without a plan (nor an error). */
export const NO_PLAN = 'The agent did not propose a plan. Please try again.';

type GoalRun = {
  queryClient: QueryClient;
  shown: ReturnType<typeof useShownPlans>;
  mode: PlanMode;
  goal: string;
  conversationId: string;
  choice: ModelChoice;
  serverIds: readonly string[];
  autoRun: boolean;
  /** When the goal was shown (its reply is timed after it). */
  now: number;
};

/**
 * The planning of a goal as an agent run: the goal is saved as the user's message, the plan
 * stream writes the planning reply and proposes the plan, which the panel then shows.
 */
export function goalRun({
  queryClient,
  shown,
  mode,
  goal,
  conversationId: cid,
  choice,
  serverIds,
  autoRun,
  now,
}: GoalRun): StartRun {
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
  return {
    info: { key: `plan:${cid}`, kind: 'plan', conversationId: cid },
    message: (id) =>
      replyPlaceholder({
        id,
        conversationId: cid,
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
  };
}

type StepRun = {
  queryClient: QueryClient;
  plan: AgentPlan;
  step: AgentPlanStep;
  key: string;
  /** Gets the API's reason when the step could not start. */
  onRefused: (message: string) => void;
};

/** A plan's step as an agent run: its execute stream writes the step's message and the plan as it changes. */
export function stepRun({ queryClient, plan, step, key, onRefused }: StepRun): StartRun {
  const { conversationId: cid, id: planId } = plan;
  const index = plan.steps.findIndex((candidate) => candidate.id === step.id) + 1;
  return {
    info: { key, kind: 'step', conversationId: cid, planId, stepId: step.id },
    message: (id) => ({
      ...replyPlaceholder({
        id,
        conversationId: cid,
        timestamp: Date.now(),
        provider: step.provider ?? plan.provider,
        model: step.model ?? plan.model,
      }),
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
            if (output) update((message) => (message.content ? message : { ...message, content: output }));
          },
        },
        { signal },
      ),
    settle: ({ error }) => {
      if (!error) return;
      toastPlanLimit(PLAN_LIMIT_TITLE, error);
      if (error.kind !== 'stream') onRefused(error.apiMessage ?? error.message);
      // What the server made of it (the step may have started, or another tab run it).
      void queryClient.invalidateQueries({ queryKey: agentKeys.plan(cid, planId), exact: true });
    },
  };
}
