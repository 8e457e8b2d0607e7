import type { AutomationRunSource } from '@agentforge/shared';

/**
 * What starts (or resumes) a run: the one event the automation runner function takes, whoever
 * sends it. EventBridge Scheduler sends it as its target's input (one schedule per automation),
 * the webhook route and 'Run now' invoke the runner asynchronously with it, and the runner sends
 * it to itself to resume a long run step by step (with `runId`) instead of meeting Lambda's
 * 15 minutes. On the local stack the same handler runs in-process (the local Scheduler fires it).
 *
 * The runner's handler is `functions/src/handlers/automations/runner.ts` (export `handler`).
 */
export interface AutomationRunEvent {
  /** The automation's partition: a user's id, or `team#<teamId>`. */
  ownerId: string;
  automationId: string;
  source: AutomationRunSource;
  /** Set when resuming an existing run (after an approval, or to continue past a step). */
  runId?: string;
  /** A webhook's body (already size-checked): the run's untrusted input. */
  input?: string;
}

/** The runner function's module, for the CDK and the local stack. */
export const AUTOMATION_RUNNER_MODULE = 'automations/runner';
