import * as z from 'zod';
import { AGENT_PLAN_STATUSES, PLAN_STEP_STATUSES } from '../statuses';

export const AGENT_MODES = ['direct', 'mcp', 'single_agent', 'multi_agent', 'generic_agent'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];
export const AGENT_MODE_LABELS: Readonly<Record<AgentMode, string>> = {
  direct: 'Direct Chat',
  mcp: 'MCP Server',
  single_agent: 'Single Agent',
  multi_agent: 'Multi Agent',
  generic_agent: 'Generic Agent',
};

/** Every mode but direct chat works through a confirmed plan and needs an MCP server. */
export function isPlanDrivenMode(mode: AgentMode): boolean {
  return mode !== 'direct';
}

export const agentPlanStepSchema = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(PLAN_STEP_STATUSES),
  requiresConfirmation: z.boolean(),
  output: z.string().optional(),
  error: z.string().optional(),
});
export type AgentPlanStep = z.infer<typeof agentPlanStepSchema>;

export const agentPlanSchema = z.object({
  id: z.string(),
  goal: z.string(),
  steps: z.array(agentPlanStepSchema),
  status: z.enum(AGENT_PLAN_STATUSES),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AgentPlan = z.infer<typeof agentPlanSchema>;

// Plans are stored per conversation, so every call names the conversation.
const planRef = { conversationId: z.string().min(1), planId: z.string().min(1) };

export const generatePlanBodySchema = z.object({
  conversationId: z.string().min(1),
  serverId: z.string().min(1),
  goal: z.string().trim().min(1),
});
export type GeneratePlanBody = z.infer<typeof generatePlanBodySchema>;

export const executeStepBodySchema = z.object({
  ...planRef,
  serverId: z.string().min(1),
  stepId: z.string().min(1),
});
export type ExecuteStepBody = z.infer<typeof executeStepBodySchema>;

export const executeStepResponseSchema = z.object({ step: agentPlanStepSchema, output: z.string() });
export type ExecuteStepResponse = z.infer<typeof executeStepResponseSchema>;

export const confirmStepBodySchema = z.object({ ...planRef, stepId: z.string().min(1) });
export type ConfirmStepBody = z.infer<typeof confirmStepBodySchema>;

export const cancelPlanBodySchema = z.object(planRef);
export type CancelPlanBody = z.infer<typeof cancelPlanBodySchema>;

/** The spec's rule for the confirmation reply: it confirms when it contains 'yes'. */
export function isConfirmationReply(reply: string): boolean {
  return reply.toLowerCase().includes('yes');
}
