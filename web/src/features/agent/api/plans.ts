import {
  type AgentPlan,
  agentPlanListSchema,
  agentPlanSchema,
  type UpdatePlanStepBody,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

const plansPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}/plans`;
const planPath = (conversationId: string, planId: string) =>
  `${plansPath(conversationId)}/${encodeURIComponent(planId)}`;
const stepPath = (conversationId: string, planId: string, stepId: string) =>
  `${planPath(conversationId, planId)}/steps/${encodeURIComponent(stepId)}`;

/** GET /conversations/{id}/plans: the conversation's plans, newest first. */
export async function listPlans(conversationId: string, signal?: AbortSignal): Promise<AgentPlan[]> {
  const list = await apiClient.get(plansPath(conversationId), {
    schema: agentPlanListSchema,
    ...(signal ? { signal } : {}),
  });
  return list.plans;
}

/** GET /conversations/{id}/plans/{planId} */
export function getPlan(conversationId: string, planId: string, signal?: AbortSignal): Promise<AgentPlan> {
  return apiClient.get(planPath(conversationId, planId), {
    schema: agentPlanSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /conversations/{id}/plans/{planId}/steps/{stepId}/confirm: the user said yes to the step. */
export function confirmStep(conversationId: string, planId: string, stepId: string): Promise<AgentPlan> {
  return apiClient.post(`${stepPath(conversationId, planId, stepId)}/confirm`, undefined, {
    schema: agentPlanSchema,
  });
}

/** POST /conversations/{id}/plans/{planId}/cancel */
export function cancelPlan(conversationId: string, planId: string): Promise<AgentPlan> {
  return apiClient.post(`${planPath(conversationId, planId)}/cancel`, undefined, { schema: agentPlanSchema });
}

/** PATCH /conversations/{id}/plans/{planId}/steps/{stepId}: a pending step not yet confirmed. */
export function updateStep(
  conversationId: string,
  planId: string,
  stepId: string,
  changes: UpdatePlanStepBody,
): Promise<AgentPlan> {
  return apiClient.request('PATCH', stepPath(conversationId, planId, stepId), {
    body: changes,
    schema: agentPlanSchema,
  });
}
