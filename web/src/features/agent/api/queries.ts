import type { AgentPlan } from '@agentforge/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getPlan, listPlans } from './plans';

/** While a step runs that no stream of this page follows (a reload), the plan is polled this often. */
export const PLAN_POLL_INTERVAL_MS = 1_500;

export const agentKeys = {
  all: ['plans'] as const,
  plans: (conversationId: string) => ['plans', conversationId] as const,
  plan: (conversationId: string, planId: string) => ['plans', conversationId, planId] as const,
};

/**
 * GET /conversations/{id}/plans, read when a conversation is opened to find a plan still open.
 * Kept: the plan shown is followed through its own query from then on.
 */
export const plansQuery = (conversationId: string) =>
  queryOptions({
    queryKey: agentKeys.plans(conversationId),
    queryFn: ({ signal }) => listPlans(conversationId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * GET /conversations/{id}/plans/{planId}. The streams and the plan actions write their answer into
 * it (`putPlan`); it is polled only while a step is in progress and not `followed` by a stream of
 * this page (found running after a reload, or stopped and not yet finished).
 */
export const planQuery = (conversationId: string, planId: string, followed: () => boolean) =>
  queryOptions({
    queryKey: agentKeys.plan(conversationId, planId),
    queryFn: ({ signal }) => getPlan(conversationId, planId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) =>
      query.state.data?.steps.some((step) => step.status === 'in_progress') && !followed()
        ? PLAN_POLL_INTERVAL_MS
        : false,
  });

/** The plan as the server now has it (a stream event or an action's answer). */
export function putPlan(client: QueryClient, plan: AgentPlan): void {
  client.setQueryData(agentKeys.plan(plan.conversationId, plan.id), plan);
}
