import type { AutomationLastRun } from '@agentforge/shared';
import type { AutomationRepository, StoredAutomation, StoredRun } from './automation.js';

/** The run as the automation's `lastRun` (what the list shows without reading the runs). */
export const lastRunOf = (run: StoredRun): AutomationLastRun => ({
  runId: run.runId,
  status: run.status,
  ...(run.reason ? { reason: run.reason } : {}),
  startedAt: run.startedAt,
  ...(run.endedAt === undefined ? {} : { endedAt: run.endedAt }),
});

/** Whether `run` may be the automation's latest: none yet, the same run, or a newer one (ULIDs sort by time). */
export const isLatestRun = (automation: StoredAutomation, run: StoredRun): boolean =>
  !automation.lastRun || automation.lastRun.runId <= run.runId;

/**
 * Keeps the run as its automation's `lastRun` (queued, waiting): read fresh and written back, unless
 * a newer run is there already. The run finisher writes the end with the failure count.
 */
export async function recordLastRun(automations: AutomationRepository, run: StoredRun): Promise<void> {
  const current = await automations.get(run.userId, run.automationId);
  if (!current || !isLatestRun(current, run)) return;
  await automations.replace({ ...current, lastRun: lastRunOf(run) });
}
