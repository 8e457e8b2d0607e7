import type { MemoryFact } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { type MemoryRecord, replyMemory } from './memory.js';
import { factsWithinBudget, MEMORY_PROMPT_HEADING, systemWithMemory } from './memory-prompt.js';

const fact = (factId: string, text: string, updatedAt: number): MemoryFact => ({
  factId,
  text,
  createdAt: 1,
  updatedAt,
});

describe('the memory block of the system prompt', () => {
  it('lists the facts newest first under the heading, after the conversation’s own prompt', () => {
    const facts = [fact('a', 'I prefer TypeScript.', 1), fact('b', 'My name is Ada.', 3)];
    expect(systemWithMemory('Answer in French.', facts)).toBe(
      `Answer in French.\n\n${MEMORY_PROMPT_HEADING}\n- My name is Ada.\n- I prefer TypeScript.`,
    );
    expect(systemWithMemory(undefined, facts)).toBe(
      `${MEMORY_PROMPT_HEADING}\n- My name is Ada.\n- I prefer TypeScript.`,
    );
  });

  it('adds nothing without facts', () => {
    expect(systemWithMemory('Be brief.', [])).toBe('Be brief.');
    expect(systemWithMemory(undefined, [])).toBeUndefined();
    expect(systemWithMemory('', [])).toBeUndefined();
  });

  it('keeps within the token budget: the older facts past it are left out', () => {
    // 50 facts of 300 characters: some 3,800 tokens, against a budget of 1,000.
    const facts = Array.from({ length: 50 }, (_, i) => fact(String(i).padStart(2, '0'), 'x'.repeat(300), i));
    const chosen = factsWithinBudget(facts);
    expect(chosen.length).toBeGreaterThan(5);
    expect(chosen.length).toBeLessThan(50);
    expect(chosen.map((f) => f.updatedAt)).toEqual(Array.from({ length: chosen.length }, (_, i) => 49 - i));
    const block = systemWithMemory(undefined, facts) ?? '';
    expect(Math.ceil(block.length / 4)).toBeLessThanOrEqual(1_000);
  });

  it('skips a fact too long for what is left and still takes a shorter older one', () => {
    const facts = [fact('new', 'y'.repeat(300), 2), fact('old', 'short', 1)];
    expect(factsWithinBudget(facts, 60).map((f) => f.factId)).toEqual(['old']);
  });
});

describe('memory for a reply', () => {
  const store = (memory: MemoryRecord, allowedTeams: string[] = []) => ({
    get: async () => memory,
    teamAllows: async (teamId: string) => allowedTeams.includes(teamId),
  });
  const facts = [fact('a', 'I prefer TypeScript.', 1)];

  const off = { on: false, facts: [] };
  const personal = Promise.resolve(undefined);

  it('is on with the facts when the user turned memory on, in the personal space', async () => {
    expect(await replyMemory(store({ enabled: true, facts }), 'u', personal)).toEqual({ on: true, facts });
    expect(await replyMemory(store({ enabled: true, facts: [] }), 'u', personal)).toEqual({
      on: true,
      facts: [],
    });
  });

  it('is off, with no facts, when the user has memory off', async () => {
    expect(await replyMemory(store({ enabled: false, facts }), 'u', personal)).toEqual(off);
  });

  it("is off in a team's space unless its Admins allow memory there", async () => {
    const on = { enabled: true, facts };
    expect(await replyMemory(store(on), 'u', Promise.resolve('t1'))).toEqual(off);
    expect(await replyMemory(store(on, ['t2']), 'u', Promise.resolve('t1'))).toEqual(off);
    expect(await replyMemory(store(on, ['t1']), 'u', Promise.resolve('t1'))).toEqual({ on: true, facts });
  });
});
