import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { AgentPlanRecord, AgentPlanRepository } from './plan-record.js';
import { PLAN_NOT_FOUND } from './plan-rules.js';

/** Conditional writes that lose a race re-read the plan and try again this often. */
const MAX_WRITE_ATTEMPTS = 5;

export interface PlanRef {
  conversationId: string;
  planId: string;
}

/**
 * The caller's plans, read and changed: every change is a pure transition re-applied to a fresh
 * read and written conditionally on the version it read, so racing requests cannot both apply it.
 */
export function createPlanStore(plans: Pick<AgentPlanRepository, 'get' | 'replace'>) {
  async function owned(caller: Pick<Caller, 'userId'>, ref: PlanRef): Promise<AgentPlanRecord> {
    const plan = await plans.get(ref.conversationId, ref.planId);
    if (!plan || plan.userId !== caller.userId) throw new NotFoundError(PLAN_NOT_FOUND);
    return plan;
  }

  return {
    owned,
    async mutate(
      caller: Pick<Caller, 'userId'>,
      ref: PlanRef,
      change: (plan: AgentPlanRecord) => AgentPlanRecord,
    ): Promise<AgentPlanRecord> {
      for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
        const current = await owned(caller, ref);
        const next = change(current);
        if (next === current) return current;
        const written = { ...next, version: current.version + 1 };
        if (await plans.replace(written, current.version)) return written;
      }
      throw new ConflictError('The plan changed meanwhile: please try again.');
    },
  };
}
