import { describe, expect, it } from 'vitest';
import { defaultBudget } from './automation-form';

describe("a new automation's budget", () => {
  it("is a day of the plan's tokens, capped at 20,000 (Free's day is 100: its runs stop early)", () => {
    expect(defaultBudget('free').maxTokens).toBe(100);
    expect(defaultBudget('pro').maxTokens).toBe(10_000);
    expect(defaultBudget('teams').maxTokens).toBe(20_000);
    expect(defaultBudget('enterprise')).toEqual({ maxTokens: 20_000, maxToolCalls: 20, maxMinutes: 10 });
  });
});
