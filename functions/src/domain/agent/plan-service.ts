import type { AgentPlan, UpdatePlanStepBody } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { MessageRepository } from '../conversations/message.js';
import { withDeadRunsShown } from './interrupted-steps.js';
import { type AgentPlanRecord, type AgentPlanRepository, toAgentPlan } from './plan-record.js';
import { cancelPlan, confirmStep, editStep } from './plan-rules.js';
import { createPlanStore } from './plan-store.js';

export interface PlanServiceDeps {
  conversations: Pick<ConversationService, 'owned'>;
  messages: Pick<MessageRepository, 'requestStop' | 'get'>;
  plans: AgentPlanRepository;
  now: () => number;
}

/** Plans a conversation keeps visible: the newest ones. */
const PLANS_LISTED = 20;

/** The caller's plans outside the streams: read, confirm a step, edit a pending step, cancel. */
export function createPlanService(deps: PlanServiceDeps) {
  const { plans, now } = deps;
  const store = createPlanStore(plans);
  const shown = async (plan: AgentPlanRecord) =>
    toAgentPlan(await withDeadRunsShown(plan, deps.messages, now()));
  return {
    async list(caller: Caller, conversationId: string): Promise<AgentPlan[]> {
      await deps.conversations.owned(caller, conversationId);
      const found = await plans.list(conversationId, PLANS_LISTED);
      return Promise.all(found.filter((plan) => plan.userId === caller.userId).map(shown));
    },

    async get(caller: Caller, conversationId: string, planId: string): Promise<AgentPlan> {
      return shown(await store.owned(caller, { conversationId, planId }));
    },

    async confirm(
      caller: Caller,
      conversationId: string,
      planId: string,
      stepId: string,
    ): Promise<AgentPlan> {
      const plan = await store.mutate(caller, { conversationId, planId }, (current) =>
        confirmStep(current, stepId, caller.userId, now()),
      );
      return toAgentPlan(plan);
    },

    async edit(
      caller: Caller,
      conversationId: string,
      planId: string,
      stepId: string,
      changes: UpdatePlanStepBody,
    ): Promise<AgentPlan> {
      // The JSON Schema validator (ajv) is loaded on the first edit, not at every cold start.
      const { argumentsProblem } = await import('./tool-arguments.js');
      const plan = await store.mutate(caller, { conversationId, planId }, (current) =>
        editStep(current, stepId, changes, now(), argumentsProblem),
      );
      return toAgentPlan(plan);
    },

    /** Cancels the plan; a step running meanwhile is stopped like a chat reply and keeps its output. */
    async cancel(caller: Caller, conversationId: string, planId: string): Promise<AgentPlan> {
      const plan = await store.mutate(caller, { conversationId, planId }, (current) =>
        cancelPlan(current, now()),
      );
      await Promise.all(
        plan.steps
          .filter((step) => step.status === 'in_progress' && step.messageId)
          .map((step) => deps.messages.requestStop(conversationId, step.messageId as string)),
      );
      return toAgentPlan(plan);
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
