import { describe, expect, it } from 'vitest';
import { expressionOf, helperOf } from './schedule-builder';

describe('the schedule helpers', () => {
  it("write EventBridge Scheduler's syntax", () => {
    expect(expressionOf({ kind: 'minutes', every: 1 })).toBe('rate(1 minute)');
    expect(expressionOf({ kind: 'minutes', every: 15 })).toBe('rate(15 minutes)');
    expect(expressionOf({ kind: 'hours', every: 2 })).toBe('rate(2 hours)');
    expect(expressionOf({ kind: 'daily', time: '07:30' })).toBe('cron(30 7 * * ? *)');
    expect(expressionOf({ kind: 'weekdays', time: '09:00' })).toBe('cron(0 9 ? * MON-FRI *)');
    expect(expressionOf({ kind: 'minutes', every: 0 })).toBeUndefined();
    expect(expressionOf({ kind: 'daily', time: '' })).toBeUndefined();
  });

  it('read back the helper an expression came from, else custom', () => {
    for (const helper of [
      { kind: 'minutes', every: 5 },
      { kind: 'hours', every: 1 },
      { kind: 'daily', time: '07:30' },
      { kind: 'weekdays', time: '09:00' },
    ] as const) {
      expect(helperOf(expressionOf(helper) ?? '')).toEqual(helper);
    }
    expect(helperOf('cron(0 12 L * ? *)')).toEqual({ kind: 'custom' });
  });
});
