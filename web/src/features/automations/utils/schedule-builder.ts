/**
 * The form's helpers for common schedules, written in EventBridge Scheduler's syntax (rate(value
 * unit), or cron with six fields where one of day-of-month and day-of-week is '?').
 */
export type ScheduleHelper =
  | { kind: 'minutes' | 'hours'; every: number }
  | { kind: 'daily' | 'weekdays'; time: string }
  | { kind: 'custom' };

export const SCHEDULE_HELPER_LABELS: Readonly<Record<ScheduleHelper['kind'], string>> = {
  minutes: 'Every N minutes',
  hours: 'Every N hours',
  daily: 'Every day at',
  weekdays: 'Weekdays at',
  custom: 'Custom expression',
};

const unit = (every: number, name: string) => `${every} ${name}${every === 1 ? '' : 's'}`;

/** The expression a helper stands for; undefined for a custom one or an incomplete value. */
export function expressionOf(helper: ScheduleHelper): string | undefined {
  switch (helper.kind) {
    case 'minutes':
    case 'hours':
      return Number.isInteger(helper.every) && helper.every > 0
        ? `rate(${unit(helper.every, helper.kind === 'minutes' ? 'minute' : 'hour')})`
        : undefined;
    case 'daily':
    case 'weekdays': {
      const match = /^(\d{1,2}):(\d{2})$/.exec(helper.time);
      if (!match) return undefined;
      const [hours, minutes] = [Number(match[1]), Number(match[2])];
      return helper.kind === 'daily'
        ? `cron(${minutes} ${hours} * * ? *)`
        : `cron(${minutes} ${hours} ? * MON-FRI *)`;
    }
    case 'custom':
      return undefined;
  }
}

/** The helper an expression was made by (editing an automation reopens it so), else 'custom'. */
export function helperOf(expression: string): ScheduleHelper {
  const rate = /^rate\((\d+) (minute|hour)s?\)$/.exec(expression);
  if (rate) return { kind: rate[2] === 'minute' ? 'minutes' : 'hours', every: Number(rate[1]) };
  const cron = /^cron\((\d{1,2}) (\d{1,2}) (\* \* \?|\? \* MON-FRI) \*\)$/.exec(expression);
  if (cron) {
    const time = `${(cron[2] ?? '').padStart(2, '0')}:${(cron[1] ?? '').padStart(2, '0')}`;
    return { kind: cron[3] === '* * ?' ? 'daily' : 'weekdays', time };
  }
  return { kind: 'custom' };
}

/** The browser's time zone, the form's default. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
