import {
  type AgentPlan,
  type AgentPlanStep,
  type AgentStatus,
  isPlanOpen,
  readySteps,
} from '@agentforge/shared';

type ProgressInput = {
  plan: AgentPlan | null;
  /** Why the last planning of this conversation failed (no plan then). */
  attemptError: string | null;
  /** A goal is being planned here. */
  planning: boolean;
  /** The steps of the shown plan this tab streams now. */
  streamedStepIds: readonly (string | undefined)[];
  confirming: boolean;
  cancelling: boolean;
};

/** Where a plan stands: the agent's status, what runs, what runs by itself and what asks first. */
export type PlanProgress = {
  status: AgentStatus;
  /** Steps the server says are running that may be no stream here. */
  serverRunning: boolean;
  /** Steps running now (streamed here, or found in progress). */
  running: ReadonlySet<string>;
  /** Ready steps that need no confirmation: they run at once. */
  automatic: readonly AgentPlanStep[];
  /** Ready steps waiting for 'Yes, proceed' (none while an automatic one is about to run). */
  asking: readonly AgentPlanStep[];
  canEdit: (step: AgentPlanStep) => boolean;
  canRetry: (step: AgentPlanStep) => boolean;
};

const NO_STEPS: readonly AgentPlanStep[] = [];
const isRunning = (step: AgentPlanStep) => step.status === 'in_progress';

export function planProgress(input: ProgressInput): PlanProgress {
  const { plan, planning, streamedStepIds, confirming, cancelling } = input;
  const streaming = streamedStepIds.length > 0;
  const serverRunning = plan?.steps.some(isRunning) ?? false;
  const open = plan !== null && isPlanOpen(plan);
  // Nothing moves: the plan is open and waits for its next steps.
  const settled = open && !planning && !streaming && !serverRunning && !cancelling;
  const ready = settled && plan ? readySteps(plan) : NO_STEPS;
  const automatic = ready.filter((step) => !step.requiresConfirmation);
  const asking = automatic.length > 0 ? NO_STEPS : ready;

  let status: AgentStatus = 'idle';
  if (planning) status = 'planning';
  else if (streaming || serverRunning || confirming) status = 'executing';
  else if (plan ? plan.status === 'error' : input.attemptError) status = 'error';

  const running = new Set<string>([
    ...streamedStepIds.flatMap((stepId) => (stepId ? [stepId] : [])),
    ...(plan?.steps.filter(isRunning).map((step) => step.id) ?? []),
  ]);
  return {
    status,
    serverRunning,
    running,
    automatic,
    asking,
    canEdit: (step) => settled && step.status === 'pending' && !step.confirmedAt,
    canRetry: (step) => open && !cancelling && step.status === 'interrupted' && !running.has(step.id),
  };
}
