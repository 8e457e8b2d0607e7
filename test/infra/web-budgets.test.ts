import { describe, expect, it } from 'vitest';
import { weighWebPages } from '../../scripts/bench/web-pages';

describe('the web pages’ JavaScript', () => {
  it('stays within each page’s budget (gzipped, what a first visit loads)', async () => {
    const overBudget = (await weighWebPages())
      .map(({ path, entryBytes, pageBytes, budgetKb }) => ({
        path,
        kb: Math.round((entryBytes + pageBytes) / 102.4) / 10,
        budgetKb,
      }))
      .filter(({ kb, budgetKb }) => kb > budgetKb);
    expect(overBudget).toEqual([]);
  });
});
