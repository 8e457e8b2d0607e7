import { describe, expect, it } from 'vitest';
import { RRF_K, reciprocalRankFusion } from './rank-fusion.js';

describe('reciprocalRankFusion', () => {
  it('scores Σ 1/(k + rank) and ranks agreement above one list’s top hit', () => {
    const fused = reciprocalRankFusion(
      [
        { name: 'keyword', items: ['a', 'b', 'c'] },
        { name: 'vector', items: ['d', 'b', 'e', 'f', 'a'] },
      ],
      (item) => item,
    );
    expect(fused.map((entry) => entry.item)).toEqual(['b', 'a', 'd', 'c', 'e', 'f']);
    expect(fused[0]?.score).toBeCloseTo(2 / (RRF_K + 2));
    expect(fused[1]?.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 5));
    expect(fused[0]?.matchedBy).toEqual(['keyword', 'vector']);
    expect(fused.find((entry) => entry.item === 'd')?.matchedBy).toEqual(['vector']);
  });

  it('keeps one list’s order when it is the only one', () => {
    const fused = reciprocalRankFusion([{ name: 'keyword', items: [{ id: 2 }, { id: 1 }] }], (x) =>
      String(x.id),
    );
    expect(fused.map((entry) => entry.item.id)).toEqual([2, 1]);
  });
});
