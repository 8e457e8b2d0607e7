import { logger } from '../../logger.js';
import { isInterrupted } from '../chat/reply-lease.js';
import type { MessageRecord, MessageRepository } from '../conversations/message.js';
import type { AgentPlanRecord, AgentPlanRepository } from './plan-record.js';
import { interruptStep } from './plan-rules.js';
import { createPlanStore } from './plan-store.js';

/**
 * The plan step a dead reply was running is interrupted (docs/decisions/chat.md, "Faults"): written by
 * the reply sweep once it has ended the reply, and shown by the plan reads before that.
 */
export function createStepInterrupter(
  plans: Pick<AgentPlanRepository, 'get' | 'replace'>,
  now: () => number,
) {
  const store = createPlanStore(plans);
  return async (reply: MessageRecord): Promise<void> => {
    const step = reply.agentStep;
    if (!step) return;
    const ref = { conversationId: reply.conversationId, planId: step.planId };
    await store
      .mutate({ userId: reply.userId }, ref, (plan) =>
        interruptStep(plan, step.stepId, reply.messageId, now()),
      )
      .catch((error: unknown) => {
        // The plan reads still show it interrupted, and Retry still works (claimStep).
        logger.error('An interrupted step could not be marked on its plan', { planId: step.planId, error });
      });
  };
}

/** The plan as readers see it: a step still `in_progress` whose reply's writer died reads as interrupted. */
export async function withDeadRunsShown(
  plan: AgentPlanRecord,
  messages: Pick<MessageRepository, 'get'>,
  now: number,
): Promise<AgentPlanRecord> {
  let shown = plan;
  for (const step of plan.steps) {
    if (step.status !== 'in_progress' || !step.messageId) continue;
    const reply = await messages.get(plan.conversationId, step.messageId);
    if (reply && isInterrupted(reply, now)) shown = interruptStep(shown, step.id, reply.messageId, now);
  }
  return shown;
}
