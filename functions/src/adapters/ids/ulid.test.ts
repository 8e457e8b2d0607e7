import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { monotonicUlids, newUlid, pooledRandom } from './ulid.js';

describe('ULIDs from the pooled random source', () => {
  it('are valid, carry the time, and do not repeat across many pool refills', () => {
    const before = Date.now();
    const ids = Array.from({ length: 5_000 }, newUlid);
    expect(ids.every(isValid)).toBe(true);
    expect(decodeTime(ids[0] as string)).toBeGreaterThanOrEqual(before);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sort in creation order within one millisecond', () => {
    const next = monotonicUlids();
    const ids = Array.from({ length: 1_000 }, () => next(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
  });

  it('draws every byte value, evenly enough for 32 characters', () => {
    const counts = new Array(32).fill(0);
    const draws = 64_000;
    for (let i = 0; i < draws; i++) {
      const value = pooledRandom();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      counts[Math.floor(value * 32)]++;
    }
    // 2,000 expected per character; a fixed or short-cycled source lands far outside this.
    for (const count of counts) expect(Math.abs(count - draws / 32)).toBeLessThan(300);
  });
});
