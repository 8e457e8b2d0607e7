import { type AgentPlanStep, MAX_PLAN_STEPS, type PlanMode, type PlanTool } from '@agentforge/shared';
import type { ModelToolDefinition } from '../models/model-provider.js';

/**
 * What the planner asks the model: the forced tools it must call (`create_plan` for a goal,
 * `revise_plan` between a Generic Agent's steps) and the prompts around them.
 */
export const CREATE_PLAN_TOOL = 'create_plan';
const REVISE_PLAN_TOOL = 'revise_plan';
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

/** An earlier step's output as a later prompt carries it. */
export function outputForPrompt(step: AgentPlanStep): string {
  const output = step.output ?? '';
  return output.length > OUTPUT_IN_PROMPT_CHARS
    ? `${output.slice(0, OUTPUT_IN_PROMPT_CHARS)}… [cut]`
    : output;
}
