import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { isValidTimezone, nextRuns, parseSchedule, shortestIntervalMinutes } from './schedule.js';

const iso = (runs: number[]) => runs.map((at) => new Date(at).toISOString());
const from = Date.parse('2026-11-27T10:17:30Z'); // a Friday

describe('EventBridge Scheduler expressions', () => {
  it.each([
    'rate(1 minutes)',
    'rate(5 minute)',
    'rate(0 minutes)',
    'rate(5 weeks)',
    'cron(0 9 * * * *)',
    'cron(0 9 ? * ? *)',
    'cron(0 9 * *)',
    'cron(61 9 ? * MON *)',
    'cron(0 9 ? * 0 *)',
    'cron(0 9 ? * 8 *)',
    'cron(0 9 32 * ? *)',
    '0 9 * * *',
  ])('refuses %s with the schema’s message', (expression) => {
    expect(() => parseSchedule(expression)).toThrow(AUTOMATION_MESSAGES.expressionInvalid);
  });

  it('counts a rate from now', () => {
    expect(iso(nextRuns(parseSchedule('rate(1 hour)'), 'UTC', from, 2))).toEqual([
      '2026-11-27T11:17:30.000Z',
      '2026-11-27T12:17:30.000Z',
    ]);
    expect(shortestIntervalMinutes(parseSchedule('rate(2 days)'), 'UTC', from)).toBe(2880);
  });

  it('reads day-of-week as 1-7 = SUN-SAT, with names and ranges', () => {
    const weekdays = nextRuns(parseSchedule('cron(0 9 ? * 2-6 *)'), 'UTC', from, 3);
    expect(iso(weekdays)).toEqual([
      '2026-11-30T09:00:00.000Z',
      '2026-12-01T09:00:00.000Z',
      '2026-12-02T09:00:00.000Z',
    ]);
    expect(nextRuns(parseSchedule('cron(0 9 ? * MON-FRI *)'), 'UTC', from, 3)).toEqual(weekdays);
    expect(iso(nextRuns(parseSchedule('cron(30 8 ? * 1 *)'), 'UTC', from, 1))).toEqual([
      '2026-11-29T08:30:00.000Z',
    ]);
  });

  it('runs in the time zone, across daylight saving time', () => {
    const paris = nextRuns(parseSchedule('cron(0 9 * * ? *)'), 'Europe/Paris', from, 1);
    expect(iso(paris)).toEqual(['2026-11-28T08:00:00.000Z']);
    // New York springs forward on 8 March 2026: 9:00 is 14:00 UTC before and 13:00 UTC after.
    const march = Date.parse('2026-03-06T20:00:00Z');
    expect(iso(nextRuns(parseSchedule('cron(0 9 * * ? *)'), 'America/New_York', march, 3))).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    // 2:30 does not exist that day: the run is skipped, like the Scheduler does.
    expect(iso(nextRuns(parseSchedule('cron(30 2 * * ? *)'), 'America/New_York', march, 2))).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
  });

  it('supports L, W and #', () => {
    expect(iso(nextRuns(parseSchedule('cron(0 12 L * ? *)'), 'UTC', from, 2))).toEqual([
      '2026-11-30T12:00:00.000Z',
      '2026-12-31T12:00:00.000Z',
    ]);
    // 15 August 2026 is a Saturday: the nearest weekday is Friday the 14th.
    const july = Date.parse('2026-07-20T00:00:00Z');
    expect(iso(nextRuns(parseSchedule('cron(0 12 15W * ? *)'), 'UTC', july, 1))).toEqual([
      '2026-08-14T12:00:00.000Z',
    ]);
    // The first Monday, and the last Friday, of the month.
    expect(iso(nextRuns(parseSchedule('cron(0 12 ? * 2#1 *)'), 'UTC', from, 1))).toEqual([
      '2026-12-07T12:00:00.000Z',
    ]);
    expect(iso(nextRuns(parseSchedule('cron(0 12 ? * 6L *)'), 'UTC', from, 2))).toEqual([
      '2026-11-27T12:00:00.000Z',
      '2026-12-25T12:00:00.000Z',
    ]);
  });

  it('honours the year field and steps', () => {
    expect(iso(nextRuns(parseSchedule('cron(0/20 10 * * ? 2027)'), 'UTC', from, 3))).toEqual([
      '2027-01-01T10:00:00.000Z',
      '2027-01-01T10:20:00.000Z',
      '2027-01-01T10:40:00.000Z',
    ]);
    expect(shortestIntervalMinutes(parseSchedule('cron(0/20 10 * * ? *)'), 'UTC', from)).toBe(20);
  });

  it('knows a time zone', () => {
    expect(isValidTimezone('Europe/Paris')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
  });
});
