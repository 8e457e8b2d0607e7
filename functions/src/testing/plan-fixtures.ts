import type { AgentPlanStep, PlanTool } from '@agentforge/shared';
import type { AgentPlanRecord } from '../domain/agent/plan-record.js';

/** A plan's tools, steps and record for the plan rules' tests: a read-only `echo` and a `write`. */
export const echo: PlanTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  readOnly: true,
};
export const write: PlanTool = { name: 'write', inputSchema: { type: 'object' }, readOnly: false };

export const step = (id: string, extra: Partial<AgentPlanStep> = {}): AgentPlanStep => ({
  id,
  description: `Step ${id}`,
  status: 'pending',
  requiresConfirmation: true,
  ...extra,
});

export function plan(overrides: Partial<AgentPlanRecord> = {}): AgentPlanRecord {
  return {
    id: 'p1',
    conversationId: 'c1',
    userId: 'u1',
    version: 0,
    mode: 'single_agent',
    serverId: 'srv',
    provider: 'custom:k',
    model: 'm',
    goal: 'Do it',
    steps: [step('s1'), step('s2')],
    status: 'pending',
    autoRunReadOnly: false,
    tools: [echo, write],
    revisions: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  };
}
