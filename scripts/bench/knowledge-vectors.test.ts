import { describe, expect, it } from 'vitest';
import { quantile, recallAt } from './knowledge-vectors.js';

describe('the knowledge bench’s measures', () => {
  it('recall@k: the share of queries whose relevant key is in the first k', () => {
    const results = [
      { ranked: ['a', 'b', 'c'], relevant: 'a' },
      { ranked: ['x', 'y', 'z', 'w', 'v', 'b'], relevant: 'b' },
      { ranked: ['c', 'd'], relevant: 'd' },
      { ranked: [], relevant: 'e' },
    ];
    expect(recallAt(5, results)).toBe(0.5);
    expect(recallAt(6, results)).toBe(0.75);
    expect(recallAt(1, results)).toBe(0.25);
    expect(recallAt(5, [])).toBeNaN();
  });

  it('quantiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(values, 0.5)).toBe(51);
    expect(quantile(values, 0.95)).toBe(96);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
