import { describe, expect, it } from 'vitest';
import { formatThousands, usageHoursFloored, usageHoursRounded } from './display';

describe('usageHoursRounded', () => {
  it.each([
    [0, 0],
    [9, 0.2],
    [90, 1.5],
    [100, 1.7],
    [119, 2],
    [600, 10],
  ])('shows %i minutes as %f hours', (minutes, hours) => {
    expect(usageHoursRounded(minutes)).toBe(hours);
  });
});

describe('usageHoursFloored', () => {
  it.each([
    [0, 0],
    [59, 0],
    [60, 1],
    [119, 1],
    [150, 2],
  ])('shows %i minutes as %i whole hours', (minutes, hours) => {
    expect(usageHoursFloored(minutes)).toBe(hours);
  });

  it('treats a non-numeric usage as zero', () => {
    expect(usageHoursFloored(Number.NaN)).toBe(0);
    expect(usageHoursRounded(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatThousands', () => {
  it('shows token limits in K, and a count of no whole thousands in full (not 4.096K)', () => {
    expect(formatThousands(300_000)).toBe('300K');
    expect(formatThousands(4_096)).toBe('4,096');
  });
});
