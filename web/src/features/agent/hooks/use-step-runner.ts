import type { AgentPlan, AgentPlanStep } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { PLAN_LIMIT_TITLE, toastPlanLimit } from '../../billing/utils/plan-limit';
import { streamStep } from '../api/lazy-agent-stream';
import { agentKeys, putPlan } from '../api/queries';
import type { RunOutcome, useAgentRuns } from './use-agent-runs';

type Runs = ReturnType<typeof useAgentRuns>;

/**
 * Runs a plan's step: its execute stream writes the step's assistant message and the plan as it
 * changes. `onRefused` gets the API's reason when the step could not start (a step that failed once
 * running says so in the plan). `wasStarted` tells whether a step was started from here already.
 */
export function useStepRunner(runs: Runs, onRefused: (message: string) => void) {
  const queryClient = useQueryClient();
  const started = useRef(new Set<string>());
  const { start } = runs;

  const execute = useCallback(
    (current: AgentPlan, step: AgentPlanStep) => {
      const key = `${current.id}:${step.id}`;
      started.current.add(key);
      const { conversationId: cid, id: planId } = current;
      const index = current.steps.findIndex((candidate) => candidate.id === step.id) + 1;
      start({
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
          toastPlanLimit(PLAN_LIMIT_TITLE, error);
          if (error.kind !== 'stream') onRefused(error.apiMessage ?? error.message);
          // What the server made of it (the step may have started, or another tab run it).
          void queryClient.invalidateQueries({ queryKey: agentKeys.plan(cid, planId), exact: true });
        },
      });
    },
    [queryClient, start, onRefused],
  );

  const wasStarted = useCallback(
    (plan: AgentPlan, step: AgentPlanStep) => started.current.has(`${plan.id}:${step.id}`),
    [],
  );
  return { execute, wasStarted };
}
