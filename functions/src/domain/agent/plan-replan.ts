import { type AgentPlanStep, isPlanOpen, MAX_PLAN_STEPS, type PlanRevision } from '@agentforge/shared';
import type { AgentPlanRecord } from './plan-record.js';
import { needsConfirmation } from './plan-rules.js';

/** Generic Agent: what the agent decided after a step. `remaining` absent keeps the steps as they are. */
export interface Replan {
  done: boolean;
  remaining?: { description: string }[] | undefined;
  reason?: string | undefined;
}

/**
 * Applies a re-plan to the steps not yet run: done drops them (the goal is met); otherwise the
 * pending steps become `remaining`, matched by position (same text kept, new text revised, extra
 * added, missing removed), within the plan's step budget. The revision records the difference.
 */
export function applyReplan(
  plan: AgentPlanRecord,
  afterStepId: string,
  replan: Replan,
  context: { newStepId: () => string; autoRunReadOnly: boolean; now: number },
): AgentPlanRecord {
  if (!isPlanOpen(plan)) return plan;
  const settled = plan.steps.filter((step) => step.status !== 'pending');
  const pending = plan.steps.filter((step) => step.status === 'pending');
  const wanted = replan.done ? [] : (replan.remaining ?? pending).slice(0, MAX_PLAN_STEPS - settled.length);
  if (!replan.done && replan.remaining === undefined) return plan;

  const revision: PlanRevision = {
    afterStepId,
    at: context.now,
    added: [],
    removed: [],
    revised: [],
    ...(replan.reason ? { reason: replan.reason } : {}),
  };
  const needs = needsConfirmation(
    plan.tools.map((tool) => tool.name),
    plan.tools,
    context.autoRunReadOnly,
  );
  const next: AgentPlanStep[] = wanted.map((proposal, index) => {
    const current = pending[index];
    const description = proposal.description.trim();
    if (current && current.description === description) {
      const { change: _change, ...kept } = current;
      return kept;
    }
    if (current) {
      revision.revised.push(description);
      const { confirmedAt: _at, confirmedBy: _by, ...unconfirmed } = current;
      return { ...unconfirmed, description, change: 'revised' };
    }
    revision.added.push(description);
    return {
      id: context.newStepId(),
      description,
      status: 'pending',
      requiresConfirmation: needs,
      change: 'added',
    };
  });
  revision.removed.push(...pending.slice(wanted.length).map((step) => step.description));
  const changed = revision.added.length + revision.removed.length + revision.revised.length > 0;
  const steps = [...settled.map(({ change: _change, ...step }) => step), ...next];
  const done = steps.every((step) => step.status === 'completed');
  return {
    ...plan,
    steps,
    revisions: changed ? [...plan.revisions, revision] : plan.revisions,
    status: done ? 'completed' : plan.status,
    updatedAt: context.now,
  };
}
