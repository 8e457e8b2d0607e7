import * as z from 'zod/mini';
import { MAX_ID_LENGTH, MAX_MODEL_ID_LENGTH, MAX_PROVIDER_ID_LENGTH } from '../constants/limits';
import { AGENT_PLAN_STATUSES, PLAN_STEP_STATUSES } from '../statuses';
import { serverIdsQueryField } from './chat-servers';

export const AGENT_MODES = ['direct', 'mcp', 'single_agent', 'multi_agent', 'generic_agent'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];
export const AGENT_MODE_LABELS: Readonly<Record<AgentMode, string>> = {
  direct: 'Direct Chat',
  mcp: 'MCP Server',
  single_agent: 'Single Agent',
  multi_agent: 'Multi Agent',
  generic_agent: 'Generic Agent',
};

/** The modes driven by a confirmed plan (every one but direct chat); each needs an MCP server. */
export const PLAN_MODES = ['mcp', 'single_agent', 'multi_agent', 'generic_agent'] as const;
export type PlanMode = (typeof PLAN_MODES)[number];

export function isPlanDrivenMode(mode: AgentMode): mode is PlanMode {
  return mode !== 'direct';
}

/** Budgets (issue: at most 12 steps per plan, at most 8 tool-loop iterations per step). */
export const MAX_PLAN_STEPS = 12;
export const MAX_STEP_ITERATIONS = 8;
/** Multi Agent: the step the service appends to write the answer from the other steps' outputs. */
export const SYNTHESIS_ROLE = 'synthesizer';
const MAX_DESCRIPTION_LENGTH = 2_000;
/** A goal is one prompt to the planner (saved first as the user's message; the stream names its id). */
export const MAX_GOAL_LENGTH = 4_000;
/** Not worded by the spec. */
export const GOAL_TOO_LONG = `The goal is too long (at most ${MAX_GOAL_LENGTH.toLocaleString('en-US')} characters).`;
const MAX_ROLE_LENGTH = 40;
const MAX_INSTRUCTIONS_LENGTH = 2_000;
/** A step's arguments as JSON: they live in the plan's one DynamoDB item. */
export const MAX_STEP_ARGUMENTS_CHARS = 20_000;

const toolArgumentsSchema = z.record(z.string(), z.unknown()).check(
  z.refine((value) => JSON.stringify(value).length <= MAX_STEP_ARGUMENTS_CHARS, {
    message: `Too large: at most ${MAX_STEP_ARGUMENTS_CHARS} characters of JSON`,
  }),
);

export const agentPlanStepSchema = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(PLAN_STEP_STATUSES),
  requiresConfirmation: z.boolean(),
  output: z.optional(z.string()),
  error: z.optional(z.string()),
  /** MCP Server mode: the one tool call this step is. */
  tool: z.optional(z.string()),
  arguments: z.optional(z.record(z.string(), z.unknown())),
  /** Multi Agent mode: the specialist that runs the step, its instructions and its tool subset. */
  role: z.optional(z.string()),
  instructions: z.optional(z.string()),
  tools: z.optional(z.array(z.string())),
  /** Multi Agent mode: ids of the steps whose outputs this one needs (it runs after them). */
  dependsOn: z.optional(z.array(z.string())),
  /** A provider/model the user picked for this step (else the plan's). */
  provider: z.optional(z.string()),
  model: z.optional(z.string()),
  /** Who confirmed the step and when (epoch ms). */
  confirmedBy: z.optional(z.string()),
  confirmedAt: z.optional(z.number()),
  startedAt: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  /** The conversation message holding the step's output and tool calls. */
  messageId: z.optional(z.string()),
  /** Generic Agent: what the last re-plan did to this step. */
  change: z.optional(z.enum(['added', 'revised'])),
});
export type AgentPlanStep = z.infer<typeof agentPlanStepSchema>;

/** Generic Agent: one re-plan after a step, as the panel shows it. */
export const planRevisionSchema = z.object({
  afterStepId: z.string(),
  at: z.number(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  revised: z.array(z.string()),
  reason: z.optional(z.string()),
});
export type PlanRevision = z.infer<typeof planRevisionSchema>;

/** What the plan knows of a tool it uses: enough to validate edited arguments and decide confirmation. */
export const planToolSchema = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  inputSchema: z.record(z.string(), z.unknown()),
  readOnly: z.boolean(),
});
export type PlanTool = z.infer<typeof planToolSchema>;

export const agentPlanSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  mode: z.enum(PLAN_MODES),
  /** The first of its servers (plans made before several servers per chat have only this one). */
  serverId: z.string(),
  /** The servers whose tools its steps use, in order (chat-servers.ts); absent: `serverId` alone. */
  serverIds: z.optional(z.array(z.string())),
  provider: z.string(),
  model: z.string(),
  goal: z.string(),
  steps: z.array(agentPlanStepSchema),
  status: z.enum(AGENT_PLAN_STATUSES),
  /** Steps whose tools are all read-only run without asking. */
  autoRunReadOnly: z.boolean(),
  tools: z.array(planToolSchema),
  revisions: z.array(planRevisionSchema),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  /** Set when the plan ended in error or was cancelled, for the panel. */
  error: z.optional(z.string()),
  /** The planning reply (the plan's summary): the steps' replies follow it in the conversation's tree. */
  messageId: z.optional(z.string()),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AgentPlan = z.infer<typeof agentPlanSchema>;

/** GET /conversations/{id}/plans: newest first. */
export const agentPlanListSchema = z.object({ plans: z.array(agentPlanSchema) });
export type AgentPlanList = z.infer<typeof agentPlanListSchema>;

const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));

/**
 * GET /agent/plan-stream query: the goal becomes a plan (SSE: status, `plan`, then `end`). The goal
 * is the user's message `goalMessageId`, saved first with POST /messages: no text in the URL.
 */
export const planStreamQuerySchema = z.object({
  conversationId: id,
  /** Absent: the stream refuses with 'No MCP server configured'. */
  serverId: z.optional(id),
  /** Several servers, comma-separated (chat-servers.ts): the planner sees their namespaced tools. */
  serverIds: z.optional(serverIdsQueryField),
  mode: z.enum(PLAN_MODES),
  goalMessageId: id,
  provider: z.string().check(z.minLength(1), z.maxLength(MAX_PROVIDER_ID_LENGTH)),
  model: z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_ID_LENGTH)),
  autoRunReadOnly: z.optional(z.enum(['true', 'false'])),
});
export type PlanStreamQuery = z.infer<typeof planStreamQuerySchema>;

/** GET /agent/execute-stream query: runs one step (SSE: the chat's events plus `plan_step`). */
export const executeStepQuerySchema = z.object({ conversationId: id, planId: id, stepId: id });
export type ExecuteStepQuery = z.infer<typeof executeStepQuerySchema>;

/** PATCH /conversations/{id}/plans/{planId}/steps/{stepId}: a pending step not yet confirmed. */
export const updatePlanStepBodySchema = z
  .strictObject({
    description: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_DESCRIPTION_LENGTH))),
    arguments: z.optional(toolArgumentsSchema),
    role: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ROLE_LENGTH))),
    instructions: z.optional(z.string().check(z.trim(), z.maxLength(MAX_INSTRUCTIONS_LENGTH))),
    provider: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_PROVIDER_ID_LENGTH))),
    model: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_ID_LENGTH))),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' }));
export type UpdatePlanStepBody = z.infer<typeof updatePlanStepBodySchema>;

/** The spec's rule for the confirmation reply: it confirms when it contains 'yes'. */
export function isConfirmationReply(reply: string): boolean {
  return reply.toLowerCase().includes('yes');
}

/**
 * Steps that may run now. Multi Agent: every pending step whose dependencies have completed (they
 * may run in parallel); the other modes: the first step not completed, if it is pending.
 */
export function readySteps(plan: Pick<AgentPlan, 'mode' | 'steps' | 'status'>): AgentPlanStep[] {
  if (!isPlanOpen(plan)) return [];
  if (plan.mode !== 'multi_agent') {
    const next = plan.steps.find((step) => step.status !== 'completed');
    return next?.status === 'pending' ? [next] : [];
  }
  const completed = new Set(plan.steps.filter((step) => step.status === 'completed').map((step) => step.id));
  return plan.steps.filter(
    (step) => step.status === 'pending' && (step.dependsOn ?? []).every((dep) => completed.has(dep)),
  );
}

/** Whether a plan can still move: neither finished nor cancelled. */
export function isPlanOpen(plan: Pick<AgentPlan, 'status'>): boolean {
  return plan.status === 'pending' || plan.status === 'in_progress';
}
