/** Reciprocal rank fusion's constant (Cormack et al., 2009): dampens the weight of the top ranks. */
export const RRF_K = 60;

/**
 * Fuses ranked lists (best first) by reciprocal rank: each item scores Σ 1/(k + rank) over the
 * lists it is in, so agreement between keyword and vector search wins over one list's top hit.
 * Returns the items best first with their score and the names of the lists that found them.
 */
export function reciprocalRankFusion<T>(
  lists: readonly { name: string; items: readonly T[] }[],
  keyOf: (item: T) => string,
  k = RRF_K,
): { item: T; score: number; matchedBy: string[] }[] {
  const fused = new Map<string, { item: T; score: number; matchedBy: string[] }>();
  for (const list of lists) {
    list.items.forEach((item, rank) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, score: 0, matchedBy: [] };
      entry.score += 1 / (k + rank + 1);
      if (!entry.matchedBy.includes(list.name)) entry.matchedBy.push(list.name);
      fused.set(key, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
