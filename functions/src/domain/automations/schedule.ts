import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { ValidationError } from '../errors.js';

/**
 * EventBridge Scheduler's expressions, parsed and evaluated here so the API refuses what the
 * Scheduler would and previews the runs it will make: `rate(value unit)` and
 * `cron(minutes hours day-of-month month day-of-week year)` in an IANA time zone. Day-of-week is
 * 1-7 = SUN-SAT (not Unix cron's 0-6); exactly one of the two day fields is `?`; `L`, `W` and `#`
 * as EventBridge defines them. No library: cron libraries follow Unix cron's fields.
 */
export type Schedule =
  | { kind: 'rate'; minutes: number }
  | {
      kind: 'cron';
      minutes: readonly number[];
      hours: readonly number[];
      months: ReadonlySet<number>;
      years: ReadonlySet<number> | undefined;
      day: (year: number, month: number, day: number) => boolean;
    };

const RATE_UNITS: Readonly<Record<string, number>> = { minute: 1, hour: 60, day: 1440 };
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
/** How far ahead a preview looks for matching days (a `year` field may name a later year). */
const MAX_SEARCH_DAYS = 366 * 5;

const invalid = () => new ValidationError(AUTOMATION_MESSAGES.expressionInvalid);

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Parses an expression; throws a ValidationError with the schema's message when it is not one. */
export function parseSchedule(expression: string): Schedule {
  const text = expression.trim();
  const rate = /^rate\((\d{1,6}) (minute|minutes|hour|hours|day|days)\)$/.exec(text);
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2] ?? '';
    // The Scheduler's own rule: a value of 1 takes the singular unit, anything more the plural.
    if (value < 1 || (value === 1) !== !unit.endsWith('s')) throw invalid();
    return { kind: 'rate', minutes: value * (RATE_UNITS[unit.replace(/s$/, '')] ?? 0) };
  }
  const cron = /^cron\(([^)]+)\)$/.exec(text);
  const fields = cron?.[1]?.trim().split(/\s+/);
  if (fields?.length !== 6) throw invalid();
  const [minute, hour, dom, month, dow, year] = fields as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) throw invalid();
  const years = year === '*' ? undefined : new Set(parseList(year, 1970, 2199));
  return {
    kind: 'cron',
    minutes: parseList(minute, 0, 59),
    hours: parseList(hour, 0, 23),
    months: new Set(parseList(month, 1, 12, MONTHS)),
    years,
    day: dom === '?' ? weekdayMatcher(dow) : monthDayMatcher(dom),
  };
}

/** `*`, `a`, `a-b`, `a/n`, `a-b/n`, `* /n`, lists of those; names where the field has them. */
function parseList(field: string, min: number, max: number, names: readonly string[] = []): number[] {
  const values = new Set<number>();
  const value = (token: string) => {
    const named = names.indexOf(token.toUpperCase());
    const number = named >= 0 ? named + min : /^\d+$/.test(token) ? Number(token) : Number.NaN;
    if (!(number >= min && number <= max)) throw invalid();
    return number;
  };
  for (const part of field.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw invalid();
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [min, max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [from, to] = [value(a), value(b)];
      if (from > to) throw invalid();
    } else {
      from = value(range);
      to = stepText === undefined ? from : max;
    }
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return [...values].sort((a, b) => a - b);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** 1-7 = SUN-SAT, EventBridge's numbering. */
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;

function monthDayMatcher(field: string): Matcher {
  if (field === 'L') return (year, month, day) => day === daysInMonth(year, month);
  if (field === 'LW')
    return (year, month, day) => day === nearestWeekday(year, month, daysInMonth(year, month));
  const weekday = /^(\d{1,2})W$/.exec(field);
  if (weekday) {
    const target = Number(weekday[1]);
    if (target < 1 || target > 31) throw invalid();
    return (year, month, day) =>
      target <= daysInMonth(year, month) && day === nearestWeekday(year, month, target);
  }
  const days = new Set(parseList(field, 1, 31));
  return (_year, _month, day) => days.has(day);
}

type Matcher = (year: number, month: number, day: number) => boolean;

/** The weekday nearest `target` within its month (`15W`: the 14th if the 15th is a Saturday). */
function nearestWeekday(year: number, month: number, target: number): number {
  const weekday = weekdayOf(year, month, target);
  if (weekday === 7) return target === 1 ? 3 : target - 1;
  if (weekday === 1) return target === daysInMonth(year, month) ? target - 2 : target + 1;
  return target;
}

function weekdayMatcher(field: string): Matcher {
  const weekday = (token: string) => parseList(token, 1, 7, WEEKDAYS)[0] ?? 0;
  const nth = /^(\w+)#([1-5])$/.exec(field);
  if (nth) {
    const target = weekday(nth[1] ?? '');
    const index = Number(nth[2]);
    return (year, month, day) => weekdayOf(year, month, day) === target && Math.ceil(day / 7) === index;
  }
  const last = /^(\w*)L$/.exec(field);
  if (last) {
    const target = last[1] ? weekday(last[1]) : 7;
    return (year, month, day) => weekdayOf(year, month, day) === target && day + 7 > daysInMonth(year, month);
  }
  const days = new Set(parseList(field, 1, 7, WEEKDAYS));
  return (year, month, day) => days.has(weekdayOf(year, month, day));
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: number, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
  };
}

/**
 * The instant a wall-clock time has in the zone; undefined for a time a DST change skips (the
 * Scheduler skips it too). An ambiguous time (clocks set back) is its first occurrence.
 */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timezone: string) {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  for (const guess of [asUtc - 14 * 3_600_000, asUtc]) {
    // Offset at a first guess, then corrected once: enough for every real zone.
    let at = asUtc - offsetAt(guess, timezone);
    at = asUtc - offsetAt(at, timezone);
    const wall = wallClock(at, timezone);
    if (
      wall.year === year &&
      wall.month === month &&
      wall.day === day &&
      wall.hour === hour &&
      wall.minute === minute
    )
      return at;
  }
  return undefined;
}

function offsetAt(at: number, timezone: string): number {
  const wall = wallClock(at, timezone);
  return (
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(at / 60_000) * 60_000
  );
}

/** The next `count` runs strictly after `from` (epoch ms); a rate counts from `from` itself. */
export function nextRuns(schedule: Schedule, timezone: string, from: number, count: number): number[] {
  if (schedule.kind === 'rate') {
    return Array.from({ length: count }, (_, index) => from + (index + 1) * schedule.minutes * 60_000);
  }
  const runs: number[] = [];
  const start = wallClock(from, timezone);
  for (let offset = 0; offset < MAX_SEARCH_DAYS && runs.length < count; offset++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (schedule.years && !schedule.years.has(year)) continue;
    if (!schedule.months.has(month) || !schedule.day(year, month, day)) continue;
    for (const hour of schedule.hours) {
      for (const minute of schedule.minutes) {
        const at = instantOf(year, month, day, hour, minute, timezone);
        if (at !== undefined && at > from && runs.length < count && !runs.includes(at)) runs.push(at);
      }
    }
  }
  return runs.sort((a, b) => a - b);
}

/** The shortest gap between runs (minutes), over the next few: what the plan's minimum checks. */
export function shortestIntervalMinutes(schedule: Schedule, timezone: string, from: number): number {
  if (schedule.kind === 'rate') return schedule.minutes;
  const runs = nextRuns(schedule, timezone, from, 20);
  let shortest = Number.POSITIVE_INFINITY;
  for (let index = 1; index < runs.length; index++) {
    shortest = Math.min(shortest, ((runs[index] ?? 0) - (runs[index - 1] ?? 0)) / 60_000);
  }
  return shortest;
}
