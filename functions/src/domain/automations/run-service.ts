import { AUTOMATION_MESSAGES, type AutomationLimits, type AutomationRunSource } from '@agentforge/shared';
import { ConflictError, NotFoundError, PlanLimitError, ValidationError } from '../errors.js';
import { type AutomationRepository, runKey, type StoredAutomation, type StoredRun } from './automation.js';
import { recordLastRun } from './last-run.js';
import type { AutomationRunEvent } from './run-event.js';
import type { RunExecutor } from './run-executor.js';
import { actorOf, type RunAuditEntry, type RunFinisher } from './run-finisher.js';

/** How long a run's record is kept (DynamoDB's TTL). */
const RUN_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
const COUNT_PAGE = 100;

export interface RunServiceDeps {
  automations: AutomationRepository;
  finisher: RunFinisher;
  /** The runner's (handlers/automations/runner.ts); the API's service only queues and decides. */
  executor?: RunExecutor;
  limitsOf: (ownerId: string) => Promise<AutomationLimits>;
  launch: (event: AutomationRunEvent) => Promise<void>;
  audit: (entry: RunAuditEntry) => Promise<void>;
  newId: () => string;
  now: () => number;
}

/**
 * Starting runs, the runner's entry, and the owner's decision on a paused call. 'Run now', the
 * schedule and the webhook all queue a run the same way (enabled, within the plan's runs a day),
 * and the runner carries it on asynchronously.
 */
export function createRunService(deps: RunServiceDeps) {
  async function find(ownerId: string, automationId: string): Promise<StoredAutomation> {
    const automation = await deps.automations.get(ownerId, automationId);
    if (!automation) throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
    return automation;
  }

  /** Runs started since midnight UTC (newest first, so the count stops at the first older one). */
  async function runsToday(automation: StoredAutomation, dayStart: number): Promise<number> {
    let count = 0;
    let cursor: string | undefined;
    do {
      const page = await deps.automations.listRuns(automation.userId, automation.automationId, {
        limit: COUNT_PAGE,
        ...(cursor ? { cursor } : {}),
      });
      for (const run of page.runs) {
        if (run.startedAt < dayStart) return count;
        count++;
      }
      cursor = page.cursor;
    } while (cursor);
    return count;
  }

  /** Counts every automation of the owner: the plan's limit is per owner, not per automation. */
  async function ownerRunsToday(ownerId: string, now: number): Promise<number> {
    const dayStart = now - (now % DAY_MS);
    let total = 0;
    for (const automation of await deps.automations.list(ownerId))
      total += await runsToday(automation, dayStart);
    return total;
  }

  /** A new queued run, if the automation is on and the owner's plan allows another today. */
  async function queue(
    automation: StoredAutomation,
    source: AutomationRunSource,
    input?: string,
    actorId = actorOf(automation).userId,
  ): Promise<StoredRun> {
    if (!automation.enabled) throw new ValidationError(AUTOMATION_MESSAGES.paused);
    const now = deps.now();
    const { runsPerDay } = await deps.limitsOf(automation.userId);
    if ((await ownerRunsToday(automation.userId, now)) >= runsPerDay) {
      throw new PlanLimitError(AUTOMATION_MESSAGES.runsPerDayReached(runsPerDay));
    }
    const runId = deps.newId();
    const run: StoredRun = {
      userId: automation.userId,
      key: runKey(automation.automationId, runId),
      automationId: automation.automationId,
      runId,
      source,
      status: 'queued',
      usage: { inputTokens: 0, outputTokens: 0 },
      toolCalls: 0,
      ...(input === undefined ? {} : { input }),
      startedAt: now,
      expiresAt: Math.floor(now / 1000) + RUN_RETENTION_DAYS * 86_400,
    };
    await deps.automations.putRun(run);
    await recordLastRun(deps.automations, run);
    // 'Run now' is recorded by its route, with the person who pressed it; the triggers here.
    if (source !== 'manual')
      await deps.audit({
        actorId,
        action: 'automation.run_started',
        target: `automation:${automation.automationId}`,
        outcome: 'success',
        details: { runId, source },
        teamId: automation.userId.startsWith('team#') ? automation.userId.slice(5) : undefined,
      });
    return run;
  }

  return {
    /** 'Run now': queues the run and has the runner start it; answers the queued run. */
    async runNow(ownerId: string, automationId: string, actorId: string): Promise<StoredRun> {
      const run = await queue(await find(ownerId, automationId), 'manual', undefined, actorId);
      await deps.launch({ ownerId, automationId, source: 'manual', runId: run.runId });
      return run;
    },

    /** The runner's event: a new run (schedule, webhook) or one to carry on (`runId`). */
    async handle(event: AutomationRunEvent): Promise<StoredRun | undefined> {
      const automation = await deps.automations.get(event.ownerId, event.automationId);
      if (!automation) return undefined;
      const run = event.runId
        ? await deps.automations.getRun(event.ownerId, event.automationId, event.runId)
        : await queue(automation, event.source, event.input);
      if (!run || (run.status !== 'queued' && run.status !== 'running')) return run;
      if (!deps.executor) throw new Error('Runs are carried on by the runner function');
      return deps.executor.execute(automation, run);
    },

    /** The owner's decision on the call a run waits on: approve (the runner goes on) or cancel. */
    async decide(ownerId: string, automationId: string, runId: string, decision: 'approve' | 'cancel') {
      const automation = await find(ownerId, automationId);
      const run = await deps.automations.getRun(ownerId, automationId, runId);
      if (!run) throw new NotFoundError(AUTOMATION_MESSAGES.runNotFound);
      if (run.status !== 'waiting_approval') throw new ConflictError(AUTOMATION_MESSAGES.notWaiting);
      const { pendingApproval: _p, reason: _r, ...rest } = run;
      // The claim: one decision wins however many tabs and retries race for it (409 for the others).
      const decided: StoredRun =
        decision === 'approve'
          ? { ...rest, status: 'queued', approved: true }
          : { ...run, status: 'cancelled' };
      if (!(await deps.automations.claimRun(decided, 'waiting_approval'))) {
        throw new ConflictError(AUTOMATION_MESSAGES.notWaiting);
      }
      if (decision === 'cancel')
        return deps.finisher.finish(automation, run, 'cancelled', 'Cancelled by the owner');
      await recordLastRun(deps.automations, decided);
      await deps.launch({ ownerId, automationId, source: run.source, runId });
      return decided;
    },
  };
}
export type RunService = ReturnType<typeof createRunService>;
