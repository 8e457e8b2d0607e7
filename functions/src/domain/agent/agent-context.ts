import type { Caller } from '../caller.js';
import { newStreamingReply } from '../chat/reply-lease.js';
import type { ToolLoopState } from '../chat/tool-loop.js';
import type { MessageRecord } from '../conversations/message.js';
import type { AgentRunnerDeps } from './agent-runner.js';
import { type AgentPlanRecord, toAgentPlan } from './plan-record.js';
import { findStep } from './plan-rules.js';
import { createPlanStore } from './plan-store.js';

export const addUsage = (state: ToolLoopState, usage: { inputTokens: number; outputTokens: number }) => {
  state.usage = {
    inputTokens: state.usage.inputTokens + usage.inputTokens,
    outputTokens: state.usage.outputTokens + usage.outputTokens,
  };
};

/** What the planning and step streams share: the plan store, their replies, the plan's space. */
export function createAgentContext(deps: AgentRunnerDeps) {
  const { plans, now } = deps;
  const store = createPlanStore(plans);
  const mutate = store.mutate;

  const planStepEvent = (plan: AgentPlanRecord, stepId: string) => ({
    type: 'plan_step' as const,
    stepId,
    status: findStep(plan, stepId).status,
    plan: toAgentPlan(plan),
  });

  function assistantReply(
    caller: Caller,
    conversationId: string,
    model: { provider: string; model: string },
    extra: Partial<MessageRecord> = {},
  ): MessageRecord {
    const ids = { conversationId, messageId: deps.newId(), userId: caller.userId };
    return { ...newStreamingReply(ids, model, now()), ...extra };
  }

  /** The team whose space the plan's conversation is in: its model calls are on the team's plan. */
  const teamSpaceOf = (caller: Caller, conversationId: string) =>
    deps.conversations.owned(caller, conversationId).then((conversation) => conversation.teamId);

  return { deps, store, mutate, planStepEvent, assistantReply, teamSpaceOf };
}
export type AgentContext = ReturnType<typeof createAgentContext>;
