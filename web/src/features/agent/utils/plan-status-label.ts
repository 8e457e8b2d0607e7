import type { AgentPlanStatus } from '@agentforge/shared';

/** A plan's status as people read it (the API's values are identifiers: 'in_progress'). */
export const PLAN_STATUS_LABELS: Readonly<Record<AgentPlanStatus, string>> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  error: 'Error',
  cancelled: 'Cancelled',
};
