import type { AgentPlan, AgentPlanStep, UpdatePlanStepBody } from '@agentforge/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelPlan, confirmStep, updateStep } from '../api/plans';
import { putPlan } from '../api/queries';

/** The plan's own actions (confirm steps, cancel the plan, edit a step); each answers with the plan, cached. */
export function usePlanActions() {
  const queryClient = useQueryClient();
  const onSuccess = (latest: AgentPlan) => putPlan(queryClient, latest);
  const confirm = useMutation({
    mutationFn: async ({ plan, steps }: { plan: AgentPlan; steps: readonly AgentPlanStep[] }) => {
      let latest = plan;
      for (const step of steps) latest = await confirmStep(plan.conversationId, plan.id, step.id);
      return latest;
    },
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (plan: AgentPlan) => cancelPlan(plan.conversationId, plan.id),
    onSuccess,
  });
  const save = useMutation({
    mutationFn: ({
      plan,
      stepId,
      changes,
    }: {
      plan: AgentPlan;
      stepId: string;
      changes: UpdatePlanStepBody;
    }) => updateStep(plan.conversationId, plan.id, stepId, changes),
    onSuccess,
  });
  return {
    confirmSteps: confirm.mutateAsync,
    confirming: confirm.isPending,
    cancelPlan: cancel.mutateAsync,
    cancelling: cancel.isPending,
    saveStep: save.mutateAsync,
  };
}
