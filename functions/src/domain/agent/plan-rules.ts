import {
  type AgentPlanStep,
  isPlanOpen,
  type PlanTool,
  readySteps,
  type UpdatePlanStepBody,
} from '@agentforge/shared';
import type { ToolSet } from '../chat/ports.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ModelToolDefinition, ModelUsage } from '../models/model-provider.js';
import type { AgentPlanRecord } from './plan-record.js';
import type { argumentsProblem } from './tool-arguments.js';

export const PLAN_NOT_FOUND = 'Plan not found';
export const STEP_NOT_FOUND = 'Step not found';
export const PLAN_CLOSED = 'This plan is no longer running: start a new one.';
export const STEP_STOPPED = 'Stopped by the user.';
export const STEP_INTERRUPTED = 'This step was interrupted before it finished: Retry runs it again.';

/** MCP annotations are hints: a tool is read-only only when it says so and does not say it is destructive. */
export const isReadOnlyTool = (tool: ModelToolDefinition) =>
  tool.annotations?.readOnlyHint === true && tool.annotations.destructiveHint !== true;

export const toPlanTool = (tool: ModelToolDefinition): PlanTool => ({
  name: tool.name,
  ...(tool.description ? { description: tool.description } : {}),
  inputSchema: tool.inputSchema,
  readOnly: isReadOnlyTool(tool),
});

/** The server's tools as a plan sees them: one set to 'ask' never counts as read-only (tool approval). */
export const planToolsOf = (tools: ToolSet): PlanTool[] =>
  tools.definitions.map((tool) => ({
    ...toPlanTool(tool),
    ...(tools.needsApproval?.(tool.name) ? { readOnly: false } : {}),
  }));

/**
 * Whether a step asks before it runs: always, unless the user turned on auto-run and every tool
 * the step may call is known and read-only (a step with no tools changes nothing).
 */
export function needsConfirmation(
  toolNames: readonly string[],
  tools: readonly PlanTool[],
  autoRunReadOnly: boolean,
): boolean {
  if (!autoRunReadOnly) return true;
  return !toolNames.every((name) => tools.find((tool) => tool.name === name)?.readOnly === true);
}

export function findStep(plan: AgentPlanRecord, stepId: string): AgentPlanStep {
  const step = plan.steps.find((candidate) => candidate.id === stepId);
  if (!step) throw new NotFoundError(STEP_NOT_FOUND);
  return step;
}

function openPlan(plan: AgentPlanRecord): void {
  if (!isPlanOpen(plan)) throw new ConflictError(PLAN_CLOSED);
}

const withStep = (
  plan: AgentPlanRecord,
  stepId: string,
  change: (step: AgentPlanStep) => AgentPlanStep,
  now: number,
): AgentPlanRecord => ({
  ...plan,
  steps: plan.steps.map((step) => (step.id === stepId ? change(step) : step)),
  updatedAt: now,
});

/** Records who confirmed a pending step and when; confirming it again changes nothing. */
export function confirmStep(
  plan: AgentPlanRecord,
  stepId: string,
  userId: string,
  now: number,
): AgentPlanRecord {
  openPlan(plan);
  const step = findStep(plan, stepId);
  if (step.status !== 'pending') throw new ConflictError('This step has already run.');
  if (step.confirmedAt) return plan;
  return withStep(plan, stepId, (found) => ({ ...found, confirmedBy: userId, confirmedAt: now }), now);
}

/**
 * A step still `in_progress` whose reply's writer died (`deadMessageId`, its lease ran out) is
 * interrupted; otherwise the plan as it is.
 */
const withDeadRun = (
  plan: AgentPlanRecord,
  stepId: string,
  deadMessageId: string | undefined,
  now: number,
) => (deadMessageId ? interruptStep(plan, stepId, deadMessageId, now) : plan);

/**
 * pending -> in_progress, once: the step must be ready (its turn, or its dependencies done) and,
 * unless it may run unasked, confirmed. An interrupted step (Retry) -> in_progress, once: it ran
 * before, so it was ready and confirmed. The write is conditional on the plan's version, so two
 * requests racing for the same step cannot both get here.
 */
export function claimStep(
  stored: AgentPlanRecord,
  stepId: string,
  messageId: string,
  now: number,
  /** The step's reply, when the caller found its writer dead (the sweep may not have run yet). */
  deadMessageId?: string,
): AgentPlanRecord {
  const plan = withDeadRun(stored, stepId, deadMessageId, now);
  openPlan(plan);
  const step = findStep(plan, stepId);
  if (step.status === 'in_progress') throw new ConflictError('This step is already running.');
  if (step.status === 'interrupted') return runStepAgain(plan, stepId, messageId, now);
  if (step.status !== 'pending') throw new ConflictError('This step has already run.');
  if (!readySteps(plan).some((ready) => ready.id === stepId)) {
    throw new ConflictError('This step cannot run yet: the steps before it have not completed.');
  }
  if (step.requiresConfirmation && !step.confirmedAt) {
    throw new ConflictError('This step needs your confirmation first.');
  }
  const claimed = withStep(
    plan,
    stepId,
    (found) => ({ ...found, status: 'in_progress', startedAt: now, messageId }),
    now,
  );
  return { ...claimed, status: 'in_progress' };
}

function runStepAgain(plan: AgentPlanRecord, stepId: string, messageId: string, now: number) {
  return withStep(
    plan,
    stepId,
    ({ error: _error, output: _output, finishedAt: _finished, ...found }) => ({
      ...found,
      status: 'in_progress',
      startedAt: now,
      messageId,
    }),
    now,
  );
}

/**
 * in_progress -> interrupted, when the run whose reply is `messageId` died (the sweep, the reader
 * view, or the writer finding its lease gone). The plan stays open: the step can be retried.
 */
export function interruptStep(
  plan: AgentPlanRecord,
  stepId: string,
  messageId: string,
  now: number,
): AgentPlanRecord {
  const step = plan.steps.find((candidate) => candidate.id === stepId);
  if (step?.status !== 'in_progress' || step.messageId !== messageId) return plan;
  return withStep(
    plan,
    stepId,
    (found) => ({ ...found, status: 'interrupted', error: STEP_INTERRUPTED, finishedAt: now }),
    now,
  );
}

/**
 * in_progress -> completed or error, for the run whose reply is `messageId` (a run that lost its
 * step, interrupted and retried, records nothing); the plan completes with its last step and
 * fails with any.
 */
export function finishStep(
  plan: AgentPlanRecord,
  stepId: string,
  messageId: string,
  result: { output: string; error?: string | undefined; usage?: ModelUsage },
  now: number,
): AgentPlanRecord {
  const step = findStep(plan, stepId);
  if (step.status !== 'in_progress' || step.messageId !== messageId) return plan;
  const usage = {
    inputTokens: plan.usage.inputTokens + (result.usage?.inputTokens ?? 0),
    outputTokens: plan.usage.outputTokens + (result.usage?.outputTokens ?? 0),
  };
  const finished = withStep(
    { ...plan, usage },
    stepId,
    (found) => ({
      ...found,
      status: result.error ? 'error' : 'completed',
      output: result.output,
      ...(result.error ? { error: result.error } : {}),
      finishedAt: now,
    }),
    now,
  );
  // A plan already cancelled, or failed by a parallel step, stays as it is.
  if (!isPlanOpen(plan)) return finished;
  if (result.error) return { ...finished, status: 'error', error: result.error };
  const done = finished.steps.every((candidate) => candidate.status === 'completed');
  return { ...finished, status: done ? 'completed' : 'in_progress' };
}

/** Cancels an open plan: the steps that had not run (pending, interrupted) read 'Cancelled'. */
export function cancelPlan(plan: AgentPlanRecord, now: number): AgentPlanRecord {
  openPlan(plan);
  const steps = plan.steps.map((step) =>
    step.status === 'pending' || step.status === 'interrupted'
      ? { ...step, status: 'cancelled' as const }
      : step,
  );
  return { ...plan, steps, status: 'cancelled', updatedAt: now };
}

/**
 * A pending step not yet confirmed may be changed; MCP Server arguments must fit the tool's input
 * schema, as `checkArguments` says (passed in: its JSON Schema validator is loaded only by the
 * callers that edit, not by every function that reads plans).
 */
export function editStep(
  plan: AgentPlanRecord,
  stepId: string,
  changes: UpdatePlanStepBody,
  now: number,
  checkArguments: typeof argumentsProblem,
): AgentPlanRecord {
  openPlan(plan);
  const step = findStep(plan, stepId);
  if (step.status !== 'pending' || step.confirmedAt) {
    throw new ConflictError('Only a step that has not been confirmed can be edited.');
  }
  if (changes.arguments !== undefined) {
    if (plan.mode !== 'mcp' || !step.tool) {
      throw new ValidationError('Only an MCP Server step has arguments to edit.');
    }
    const tool = plan.tools.find((candidate) => candidate.name === step.tool);
    const problem = tool ? checkArguments(tool, changes.arguments) : `Unknown tool: ${step.tool}`;
    if (problem) throw new ValidationError(problem);
  }
  if ((changes.role !== undefined || changes.instructions !== undefined) && plan.mode !== 'multi_agent') {
    throw new ValidationError('Only a Multi Agent step has a role.');
  }
  return withStep(plan, stepId, (found) => ({ ...found, ...changes }), now);
}
