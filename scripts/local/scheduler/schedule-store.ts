import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { nextRuns, parseSchedule } from '../../../functions/src/domain/automations/schedule.js';

/** A schedule as the local Scheduler keeps it: what CreateSchedule took, plus when it fires next. */
export interface StoredSchedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  State: 'ENABLED' | 'DISABLED';
  Description?: string;
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  Target: { Arn: string; RoleArn: string; Input?: string; [field: string]: unknown };
  /** Epoch seconds, as the API's JSON dates. */
  CreationDate: number;
  LastModificationDate: number;
  /** Epoch ms of the next firing (enabled schedules). */
  nextRunAt?: number;
}

/** When an enabled schedule next fires after `from` (EventBridge's own evaluation: schedule.ts). */
export function nextFiring(schedule: StoredSchedule, from: number): number | undefined {
  if (schedule.State !== 'ENABLED') return undefined;
  return nextRuns(
    parseSchedule(schedule.ScheduleExpression),
    schedule.ScheduleExpressionTimezone,
    from,
    1,
  )[0];
}

/** The schedules, by `<group>/<name>`, kept in one JSON file under the data directory. */
export function createScheduleStore(file: string) {
  const schedules = new Map<string, StoredSchedule>(
    existsSync(file)
      ? (Object.entries(JSON.parse(readFileSync(file, 'utf8'))) as [string, StoredSchedule][])
      : [],
  );
  const save = () => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(Object.fromEntries(schedules)), { mode: 0o600 });
  };
  const keyOf = (group: string, name: string) => `${group}/${name}`;
  return {
    get: (group: string, name: string) => schedules.get(keyOf(group, name)),
    put(schedule: StoredSchedule) {
      schedules.set(keyOf(schedule.GroupName, schedule.Name), schedule);
      save();
    },
    delete(group: string, name: string): boolean {
      const deleted = schedules.delete(keyOf(group, name));
      if (deleted) save();
      return deleted;
    },
    list: () => [...schedules.values()].sort((a, b) => a.Name.localeCompare(b.Name)),
    /** The enabled schedules due at `now`, each moved on to its next time (one firing however late). */
    takeDue(now: number): StoredSchedule[] {
      const due = [...schedules.values()].filter((s) => s.nextRunAt !== undefined && s.nextRunAt <= now);
      for (const schedule of due) schedule.nextRunAt = nextFiring(schedule, now);
      if (due.length > 0) save();
      return due;
    },
  };
}
export type ScheduleStore = ReturnType<typeof createScheduleStore>;
