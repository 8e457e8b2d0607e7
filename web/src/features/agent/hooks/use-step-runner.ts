import { type AgentPlan, type AgentPlanStep, CHAT_MESSAGES } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { withRunCode } from './run-code';
import type { useAgentRuns } from './use-agent-runs';

type Runs = ReturnType<typeof useAgentRuns>;

/**
 * Runs a plan's step (`stepRun`: its execute stream writes the step's assistant message and the
 * plan as it changes). `onRefused` gets the API's reason when the step could not start (a step
 * that failed once running says so in the plan). `wasStarted` tells whether a step was started
 * from here already.
 */
export function useStepRunner(runs: Runs, onRefused: (message: string) => void) {
  const queryClient = useQueryClient();
  const started = useRef(new Set<string>());
  const { start } = runs;

  const execute = useCallback(
    (plan: AgentPlan, step: AgentPlanStep) => {
      const key = `${plan.id}:${step.id}`;
      started.current.add(key);
      withRunCode(
        ({ stepRun }) => start(stepRun({ queryClient, plan, step, key, onRefused })),
        () => {
          started.current.delete(key);
          onRefused(CHAT_MESSAGES.startGenerationFailed);
        },
      );
    },
    [queryClient, start, onRefused],
  );

  const wasStarted = useCallback(
    (plan: AgentPlan, step: AgentPlanStep) => started.current.has(`${plan.id}:${step.id}`),
    [],
  );
  return { execute, wasStarted };
}
