import type { StoredAutomation } from './automation.js';

/**
 * The one schedule an automation with a schedule trigger has (EventBridge Scheduler on AWS, the
 * local Scheduler on the local stack), named after the automation in the stage's schedule group.
 * It fires the runner with `{ ownerId, automationId, source: 'schedule' }`; a paused automation's
 * schedule is kept, disabled. Automations without a schedule trigger have none: idle, they cost nothing.
 */
export interface ScheduleSpec {
  ownerId: string;
  automationId: string;
  expression: string;
  timezone: string;
  enabled: boolean;
}

export interface AutomationScheduler {
  create(spec: ScheduleSpec): Promise<void>;
  /** Replaces the schedule's settings (creates it when it is missing). */
  update(spec: ScheduleSpec): Promise<void>;
  /** Deletes it; nothing happens when there is none. */
  remove(automationId: string): Promise<void>;
}

/** A schedule's name (≤ 64 of [0-9A-Za-z._-]): the automation's id is a ULID. */
export const scheduleNameOf = (automationId: string) => `automation-${automationId}`;

export function scheduleSpecOf(automation: StoredAutomation | undefined): ScheduleSpec | undefined {
  if (automation?.trigger.type !== 'schedule') return undefined;
  return {
    ownerId: automation.userId,
    automationId: automation.automationId,
    expression: automation.trigger.expression,
    timezone: automation.trigger.timezone,
    enabled: automation.enabled,
  };
}

/** Brings the schedule from what `previous` had to what `next` needs (either may be absent). */
export async function syncSchedule(
  scheduler: AutomationScheduler,
  previous: StoredAutomation | undefined,
  next: StoredAutomation | undefined,
): Promise<void> {
  const before = scheduleSpecOf(previous);
  const after = scheduleSpecOf(next);
  if (after) {
    if (!before) await scheduler.create(after);
    else if (JSON.stringify(before) !== JSON.stringify(after)) await scheduler.update(after);
    return;
  }
  const id = previous?.automationId;
  if (before && id) await scheduler.remove(id);
}
