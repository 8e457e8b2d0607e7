import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { admitCall, budgetStop, callKey, type GuardState, runsUnattended } from './run-guard.js';

const budget = { maxTokens: 1_000, maxToolCalls: 3, maxMinutes: 5 };
const fresh = (): GuardState => ({ usage: { inputTokens: 0, outputTokens: 0 }, toolCalls: 0, callKeys: [] });

describe('the run guard', () => {
  it('stops at the token ceiling, counting input and output', () => {
    const state = fresh();
    state.usage = { inputTokens: 600, outputTokens: 399 };
    expect(budgetStop(budget, state, 0, 0)).toBeUndefined();
    state.usage.outputTokens = 400;
    expect(budgetStop(budget, state, 0, 0)).toBe(AUTOMATION_MESSAGES.stoppedTokens(1_000));
  });

  it('stops past the wall-clock limit', () => {
    expect(budgetStop(budget, fresh(), 1_000, 1_000 + 5 * 60_000)).toBeUndefined();
    expect(budgetStop(budget, fresh(), 1_000, 1_001 + 5 * 60_000)).toBe(AUTOMATION_MESSAGES.stoppedTime(5));
  });

  it('counts calls and refuses the one past the tool-call ceiling', () => {
    const state = fresh();
    for (const n of [1, 2, 3]) expect(admitCall(budget, state, 'search', { n })).toBeUndefined();
    expect(state.toolCalls).toBe(3);
    expect(admitCall(budget, state, 'search', { n: 4 })).toBe(AUTOMATION_MESSAGES.stoppedToolCalls(3));
    expect(state.toolCalls).toBe(3);
  });

  it('stops the third identical call (same tool, same arguments in any key order)', () => {
    const state = fresh();
    const roomy = { ...budget, maxToolCalls: 10 };
    expect(admitCall(roomy, state, 'fetch', { url: 'a', depth: 1 })).toBeUndefined();
    expect(admitCall(roomy, state, 'fetch', { url: 'b', depth: 1 })).toBeUndefined();
    expect(admitCall(roomy, state, 'fetch', { depth: 1, url: 'a' })).toBeUndefined();
    expect(admitCall(roomy, state, 'other', { depth: 1, url: 'a' })).toBeUndefined();
    expect(admitCall(roomy, state, 'fetch', { url: 'a', depth: 1 })).toBe(
      AUTOMATION_MESSAGES.stoppedLoop('fetch'),
    );
  });

  it('sorts nested keys for the loop key', () => {
    expect(callKey('t', { a: { y: 1, x: [{ b: 1, a: 2 }] } })).toBe(
      callKey('t', { a: { x: [{ a: 2, b: 1 }], y: 1 } }),
    );
  });
});

describe('what runs unattended', () => {
  const tool = (annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean }) => ({
    name: 'write',
    inputSchema: {},
    ...(annotations ? { annotations } : {}),
  });

  it('runs a tool the owner approved, by the form’s namespaced name or the model’s', () => {
    const call = { name: 'write_file', serverName: 'My Files', serverTool: 'write_file' };
    expect(runsUnattended(['my_files__write_file'], call, tool())).toBe(true);
    expect(runsUnattended(['write_file'], call, tool())).toBe(true);
    expect(runsUnattended(['other__write_file'], call, tool())).toBe(false);
  });

  it('runs a read-only tool, never one that says it is destructive or says nothing', () => {
    const call = { name: 'read' };
    expect(runsUnattended([], call, tool({ readOnlyHint: true }))).toBe(true);
    expect(runsUnattended([], call, tool({ readOnlyHint: true, destructiveHint: true }))).toBe(false);
    expect(runsUnattended([], call, tool())).toBe(false);
    expect(runsUnattended([], call, undefined)).toBe(false);
  });
});
