import { type AgentPlanStep, MAX_STEP_ITERATIONS, SYNTHESIS_ROLE } from '@agentforge/shared';
import type { ToolSet } from '../chat/ports.js';
import type { Emit } from '../chat/reply-run.js';
import { emptyReplyState } from '../chat/reply-run.js';
import { MAX_TOOL_ROUNDS, runTool, runToolLoop, type ToolLoopState } from '../chat/tool-loop.js';
import { DomainError } from '../errors.js';
import { SEARCH_KNOWLEDGE_TOOL } from '../knowledge/knowledge-tools.js';
import type { ModelProvider } from '../models/model-provider.js';
import type { AgentPlanRecord } from './plan-record.js';
import { outputForPrompt } from './planner-prompts.js';

const STEP_MAX_OUTPUT_TOKENS = 4096;

/** A step that ran out of its budget, or whose tool failed: the step ends in error with this message. */
export class StepFailedError extends DomainError {
  readonly code = 'UPSTREAM_ERROR';
}

export interface StepRun {
  plan: AgentPlanRecord;
  step: AgentPlanStep;
  tools: ToolSet;
  /** Said first in the step's message: the plan's servers that could not be used for it. */
  preface?: string;
  /** The model for agent steps (none for an MCP Server step). */
  model: () => Promise<{ provider: ModelProvider; model: string; label: string }>;
  newId: () => string;
  emit: Emit;
  signal: AbortSignal;
  onProgress: (state: ToolLoopState) => void;
}

/** Runs one step as its mode says; resolves with what it produced, rejects when it failed. */
export async function runStep(run: StepRun): Promise<ToolLoopState> {
  return run.plan.mode === 'mcp' ? runToolStep(run) : runAgentStep(run);
}

/** MCP Server: the step is its tool call, made exactly as confirmed, with no model in the loop. */
async function runToolStep({
  step,
  tools,
  preface,
  newId,
  emit,
  signal,
  onProgress,
}: StepRun): Promise<ToolLoopState> {
  const state = emptyReplyState();
  if (!step.tool) throw new StepFailedError('This step names no tool.');
  const result = await runTool(
    { id: newId(), name: step.tool, input: step.arguments ?? {} },
    { tools, emit, signal, onProgress },
    state,
  );
  state.content = preface ? `${preface}\n\n${result.content}` : result.content;
  onProgress(state);
  if (result.isError) throw new StepFailedError(`The tool ${step.tool} failed: ${result.content}`);
  return state;
}

/** Single, Multi and Generic Agent: the step is a bounded tool loop given the goal and earlier outputs. */
async function runAgentStep(run: StepRun): Promise<ToolLoopState> {
  const { plan, step } = run;
  const { provider, model, label } = await run.model();
  // A Multi Agent role has the tools the plan gave it, and the conversation's documents always.
  const allowed =
    plan.mode === 'multi_agent'
      ? new Set([...(step.tools ?? []), SEARCH_KNOWLEDGE_TOOL])
      : new Set(run.tools.definitions.map((t) => t.name));
  const definitions = run.tools.definitions.filter((tool) => allowed.has(tool.name));
  const state = await runToolLoop({
    provider,
    providerLabel: label,
    model,
    system: stepSystemPrompt(plan, step),
    messages: [{ role: 'user', content: step.description }],
    ...(run.preface ? { preface: run.preface } : {}),
    // The step's confirmation is the approval of its 'ask' tools: the step does not pause again.
    ...(definitions.length ? { tools: { ...run.tools, definitions, needsApproval: () => false } } : {}),
    maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    signal: run.signal,
    emit: run.emit,
    onProgress: run.onProgress,
  });
  if (state.exhausted) {
    throw new StepFailedError(
      `This step used all ${Math.min(MAX_TOOL_ROUNDS, MAX_STEP_ITERATIONS)} tool-loop iterations without finishing.`,
    );
  }
  return state;
}

/** The goal, the plan with what is done, the outputs this step builds on, and (Multi Agent) its role. */
export function stepSystemPrompt(plan: AgentPlanRecord, step: AgentPlanStep): string {
  const index = plan.steps.findIndex((candidate) => candidate.id === step.id);
  const outline = plan.steps
    .map(
      (candidate, i) =>
        `${i + 1}. ${candidate.description}${candidate.status === 'completed' ? ' (done)' : ''}`,
    )
    .join('\n');
  const inputs =
    plan.mode === 'multi_agent'
      ? plan.steps.filter((candidate) => step.dependsOn?.includes(candidate.id))
      : plan.steps.slice(0, index).filter((candidate) => candidate.status === 'completed');
  const earlier = inputs
    .map(
      (candidate) =>
        `Step ${plan.steps.indexOf(candidate) + 1} (${candidate.description}):\n${outputForPrompt(candidate)}`,
    )
    .join('\n\n');
  const role =
    plan.mode === 'multi_agent'
      ? step.role === SYNTHESIS_ROLE
        ? 'You are the synthesizer: write the final answer to the goal from the outputs below.'
        : `You are the ${step.role ?? 'executor'}. ${step.instructions ?? ''}`.trim()
      : 'You are an AI agent carrying out one step of a plan.';
  return [
    role,
    `Goal: ${plan.goal}`,
    `Plan:\n${outline}`,
    earlier ? `Outputs you build on:\n\n${earlier}` : '',
    `Now carry out step ${index + 1} only, using the tools when they help, and answer with its result.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
