import {
  type AgentPlanStep,
  MAX_PLAN_STEPS,
  type PlanMode,
  type PlanTool,
  SYNTHESIS_ROLE,
} from '@agentforge/shared';
import * as z from 'zod';
import { ValidationError } from '../errors.js';
import type {
  ModelMessage,
  ModelProvider,
  ModelToolDefinition,
  ModelUsage,
} from '../models/model-provider.js';
import { needsConfirmation, type Replan } from './plan-rules.js';
import { argumentsProblem } from './tool-arguments.js';

export const CREATE_PLAN_TOOL = 'create_plan';
export const REVISE_PLAN_TOOL = 'revise_plan';
const PLANNER_MAX_OUTPUT_TOKENS = 4096;
/** How much of an earlier step's output a later prompt carries. */
const OUTPUT_IN_PROMPT_CHARS = 4_000;

const stepList = (items: Record<string, unknown>, required: string[]) => ({
  type: 'array',
  minItems: 1,
  maxItems: MAX_PLAN_STEPS,
  items: { type: 'object', properties: items, required, additionalProperties: false },
});

/** `create_plan`'s input schema for a mode: what each step of that mode carries. */
export function createPlanTool(mode: PlanMode, tools: readonly PlanTool[]): ModelToolDefinition {
  const names = tools.map((tool) => tool.name);
  const description = { type: 'string', description: 'What this step does, in one sentence.' };
  const steps =
    mode === 'mcp'
      ? stepList(
          {
            description,
            tool: { type: 'string', enum: names, description: 'The one tool this step calls.' },
            arguments: { type: 'object', description: "The tool's arguments, matching its input schema." },
          },
          ['description', 'tool', 'arguments'],
        )
      : mode === 'multi_agent'
        ? stepList(
            {
              id: { type: 'string', description: 'A short id other steps can depend on.' },
              description,
              role: { type: 'string', description: 'The specialist, e.g. researcher, executor, reviewer.' },
              instructions: { type: 'string', description: "The specialist's instructions." },
              tools: {
                type: 'array',
                items: { type: 'string', enum: names },
                description: 'Tools it may use.',
              },
              dependsOn: {
                type: 'array',
                items: { type: 'string' },
                description: 'Ids of earlier steps it needs.',
              },
            },
            ['id', 'description', 'role'],
          )
        : stepList({ description }, ['description']);
  return {
    name: CREATE_PLAN_TOOL,
    description: 'Record the plan: the steps that reach the goal, in order.',
    inputSchema: { type: 'object', properties: { steps }, required: ['steps'] },
  };
}

export const revisePlanTool: ModelToolDefinition = {
  name: REVISE_PLAN_TOOL,
  description: 'Record what happens next: done when the goal is met, else the remaining steps.',
  inputSchema: {
    type: 'object',
    properties: {
      done: { type: 'boolean', description: 'True when the goal is met and nothing more should run.' },
      remaining: stepList({ description: { type: 'string' } }, ['description']),
      reason: { type: 'string', description: 'Why the plan changes, in one sentence.' },
    },
    required: ['done'],
  },
};

const toolCatalogue = (tools: readonly PlanTool[]) =>
  tools
    .map(
      (tool) => `- ${tool.name}: ${tool.description ?? ''} Input schema: ${JSON.stringify(tool.inputSchema)}`,
    )
    .join('\n');

const MODE_RULES: Record<PlanMode, string> = {
  mcp: "Each step is exactly one call of one of the server's tools, with arguments that match the tool's input schema.",
  single_agent: 'Each step is a task an agent carries out with the tools; later steps see earlier outputs.',
  multi_agent:
    'Assign each step to a specialist role (for example researcher, executor, reviewer) with short instructions ' +
    'and only the tools it needs. List in dependsOn the ids of earlier steps whose output a step needs; steps ' +
    'that do not depend on each other run in parallel. Do not add a final summary step: one is added for you.',
  generic_agent:
    'Each step is a task an agent carries out with the tools. After each step you may revise the rest of the plan.',
};

export function plannerSystemPrompt(mode: PlanMode, tools: readonly PlanTool[]): string {
  return [
    `You are the planner of an AI agent. Break the user's goal into at most ${MAX_PLAN_STEPS} concrete steps and call ${CREATE_PLAN_TOOL} with them.`,
    MODE_RULES[mode],
    tools.length
      ? `The MCP server offers these tools:\n${toolCatalogue(tools)}`
      : 'The MCP server offers no tools.',
  ].join('\n\n');
}

/** One model turn that must call `tool`; its input (unparsed) and the tokens it used. */
export async function callForcedTool(
  provider: ModelProvider,
  request: {
    model: string;
    system: string;
    messages: ModelMessage[];
    tool: ModelToolDefinition;
    signal: AbortSignal;
  },
): Promise<{ input: unknown; usage: ModelUsage }> {
  let input: unknown;
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  for await (const event of provider.stream({
    model: request.model,
    system: request.system,
    messages: request.messages,
    tools: [request.tool],
    toolChoice: { type: 'tool', name: request.tool.name },
    maxOutputTokens: PLANNER_MAX_OUTPUT_TOKENS,
    signal: request.signal,
  })) {
    if (event.type === 'tool-call' && event.toolCall.name === request.tool.name && input === undefined) {
      input = event.toolCall.input;
    } else if (event.type === 'finish') {
      usage.inputTokens += event.usage.inputTokens;
      usage.outputTokens += event.usage.outputTokens;
    }
  }
  if (input === undefined) throw new ValidationError(`The model did not call ${request.tool.name}.`);
  return { input, usage };
}

const proposalSchema = z.object({
  steps: z.array(
    z.object({
      id: z.string().max(64).optional(),
      description: z.string().trim().min(1).max(2_000),
      tool: z.string().optional(),
      arguments: z.record(z.string(), z.unknown()).optional(),
      role: z.string().trim().min(1).max(40).optional(),
      instructions: z.string().max(2_000).optional(),
      tools: z.array(z.string()).optional(),
      dependsOn: z.array(z.string()).optional(),
    }),
  ),
});

const refused = (reason: string) => new ValidationError(`The plan was refused: ${reason}`);

/**
 * The model's proposal as the plan's steps, or a ValidationError saying what is wrong (unknown
 * tool, arguments that do not fit the tool's schema, a dependency on a later step, too many steps).
 * Multi Agent gets its synthesis step appended.
 */
export function stepsFromProposal(
  mode: PlanMode,
  input: unknown,
  tools: readonly PlanTool[],
  options: { autoRunReadOnly: boolean; stepId: (index: number) => string },
): AgentPlanStep[] {
  const parsed = proposalSchema.safeParse(input);
  if (!parsed.success) throw refused('it is not a list of steps with descriptions.');
  const proposed = parsed.data.steps;
  const budget = mode === 'multi_agent' ? MAX_PLAN_STEPS - 1 : MAX_PLAN_STEPS;
  if (proposed.length === 0) throw refused('it has no steps.');
  if (proposed.length > budget) throw refused(`it has more than ${budget} steps.`);
  const known = (name: string) => tools.find((tool) => tool.name === name);
  const idOf = new Map<string, string>();

  const steps = proposed.map((step, index): AgentPlanStep => {
    const n = index + 1;
    const id = options.stepId(index);
    const base = { id, description: step.description, status: 'pending' as const };
    if (mode === 'mcp') {
      const tool = step.tool ? known(step.tool) : undefined;
      if (!tool) throw refused(`step ${n} uses an unknown tool: ${step.tool ?? '(none)'}.`);
      const args = step.arguments ?? {};
      const problem = argumentsProblem(tool, args);
      if (problem) throw refused(`step ${n}: ${problem}`);
      return {
        ...base,
        tool: tool.name,
        arguments: args,
        requiresConfirmation: needsConfirmation([tool.name], tools, options.autoRunReadOnly),
      };
    }
    if (mode === 'multi_agent') {
      const unknownTool = (step.tools ?? []).find((name) => !known(name));
      if (unknownTool) throw refused(`step ${n} uses an unknown tool: ${unknownTool}.`);
      const dependsOn = (step.dependsOn ?? []).map((dep) => {
        const mapped = idOf.get(dep);
        if (!mapped) throw refused(`step ${n} depends on "${dep}", which is not an earlier step.`);
        return mapped;
      });
      if (step.id) idOf.set(step.id, id);
      const stepTools = step.tools ?? [];
      return {
        ...base,
        role: step.role ?? 'executor',
        ...(step.instructions ? { instructions: step.instructions } : {}),
        tools: stepTools,
        dependsOn,
        requiresConfirmation: needsConfirmation(stepTools, tools, options.autoRunReadOnly),
      };
    }
    return {
      ...base,
      requiresConfirmation: needsConfirmation(
        tools.map((tool) => tool.name),
        tools,
        options.autoRunReadOnly,
      ),
    };
  });

  if (mode !== 'multi_agent') return steps;
  return [
    ...steps,
    {
      id: options.stepId(steps.length),
      description: 'Write the final answer from the outputs of the other steps.',
      status: 'pending',
      role: SYNTHESIS_ROLE,
      instructions: 'Combine the specialists’ outputs into one clear, complete answer to the goal.',
      tools: [],
      dependsOn: steps.map((step) => step.id),
      requiresConfirmation: needsConfirmation([], tools, options.autoRunReadOnly),
    },
  ];
}

const replanSchema = z.object({
  done: z.boolean(),
  remaining: z.array(z.object({ description: z.string().trim().min(1).max(2_000) })).optional(),
  reason: z.string().max(500).optional(),
});

export function replanFromProposal(input: unknown): Replan {
  const parsed = replanSchema.safeParse(input);
  if (!parsed.success) throw refused('the revision is not a list of steps.');
  return parsed.data;
}

/** An earlier step's output as a later prompt carries it. */
export function outputForPrompt(step: AgentPlanStep): string {
  const output = step.output ?? '';
  return output.length > OUTPUT_IN_PROMPT_CHARS
    ? `${output.slice(0, OUTPUT_IN_PROMPT_CHARS)}… [cut]`
    : output;
}
