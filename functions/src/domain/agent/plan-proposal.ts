import {
  type AgentPlanStep,
  MAX_PLAN_STEPS,
  type PlanMode,
  type PlanTool,
  SYNTHESIS_ROLE,
} from '@agentforge/shared';
import * as z from 'zod';
import { ValidationError } from '../errors.js';
import type { Replan } from './plan-replan.js';
import { needsConfirmation } from './plan-rules.js';
import { argumentsProblem } from './tool-arguments.js';

/** The model's forced-tool answers (planner-prompts.ts) checked and turned into a plan's steps. */
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
