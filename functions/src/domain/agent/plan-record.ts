import { type AgentPlan, agentPlanSchema } from '@agentforge/shared';
import * as z from 'zod';
import * as zm from 'zod/mini';

/** A plan as stored: the API's plan plus its owner and the version every write is conditional on. */
export const agentPlanRecordSchema = zm.extend(agentPlanSchema, {
  userId: z.string(),
  version: z.number().int().nonnegative(),
});
export type AgentPlanRecord = z.infer<typeof agentPlanRecordSchema>;

export interface AgentPlanRepository {
  /** Fails if a plan with its id exists. */
  create(plan: AgentPlanRecord): Promise<void>;
  get(conversationId: string, planId: string): Promise<AgentPlanRecord | undefined>;
  /** Newest first (plan ids are ULIDs). */
  list(conversationId: string, limit: number): Promise<AgentPlanRecord[]>;
  /** Writes the plan only if the stored one is still at `expectedVersion`; false when it moved on. */
  replace(plan: AgentPlanRecord, expectedVersion: number): Promise<boolean>;
  deleteAll(conversationId: string): Promise<void>;
}

export function toAgentPlan(record: AgentPlanRecord): AgentPlan {
  const { userId: _owner, version: _version, ...plan } = record;
  return plan;
}
