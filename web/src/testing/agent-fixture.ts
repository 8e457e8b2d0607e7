import type { AgentPlan, AgentPlanStep, StreamEvent } from '@agentforge/shared';

/** A plan of conversation c1 (MCP Server mode, pending) with `patch` applied. */
export function agentPlan(patch: Partial<AgentPlan> = {}): AgentPlan {
  return {
    id: 'p1',
    conversationId: 'c1',
    mode: 'mcp',
    serverId: 'srv-1',
    provider: 'custom:k1',
    model: 'llama3.2:latest',
    goal: 'Say hi',
    steps: [],
    status: 'pending',
    autoRunReadOnly: false,
    tools: [],
    revisions: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    createdAt: 1,
    updatedAt: 1,
    ...patch,
  };
}

/** A pending step that asks before it runs, with `patch` applied. */
export function planStep(id: string, patch: Partial<AgentPlanStep> = {}): AgentPlanStep {
  return { id, description: `Do ${id}`, status: 'pending', requiresConfirmation: true, ...patch };
}

/** The plan with step `id` changed by `patch`. */
export function withStep(plan: AgentPlan, id: string, patch: Partial<AgentPlanStep>): AgentPlan {
  return { ...plan, steps: plan.steps.map((step) => (step.id === id ? { ...step, ...patch } : step)) };
}

/** The `end` event of a stream that wrote message `messageId`. */
export const endOf = (messageId: string): StreamEvent => ({
  type: 'end',
  status: 'completed',
  messageId,
  provider: 'custom:k1',
  model: 'llama3.2:latest',
  timestamp: 2,
});
