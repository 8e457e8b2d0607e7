import { describe, expect, it } from 'vitest';
import { echo, plan, step, write } from '../../testing/plan-fixtures.js';
import {
  cancelPlan,
  claimStep,
  confirmStep,
  editStep,
  finishStep,
  interruptStep,
  needsConfirmation,
  planToolsOf,
} from './plan-rules.js';
import { argumentsProblem } from './tool-arguments.js';

describe('plan rules', () => {
  it('asks before every step unless auto-run is on and every tool it may call is read-only', () => {
    expect(needsConfirmation(['echo'], [echo, write], false)).toBe(true);
    expect(needsConfirmation(['echo'], [echo, write], true)).toBe(false);
    expect(needsConfirmation(['echo', 'write'], [echo, write], true)).toBe(true);
    expect(needsConfirmation(['unknown'], [echo, write], true)).toBe(true);
    expect(needsConfirmation([], [echo, write], true)).toBe(false);
  });

  it("asks before a step whose read-only tool is set to 'ask' on the server (tool approval)", () => {
    const tools = (ask: string[]) =>
      planToolsOf({
        serverId: 'srv-1',
        definitions: [{ name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
        call: async () => ({ content: '', isError: false }),
        needsApproval: (name) => ask.includes(name),
      });
    expect(needsConfirmation(['echo'], tools([]), true)).toBe(false);
    expect(needsConfirmation(['echo'], tools(['echo']), true)).toBe(true);
  });

  it('runs a step only once it is confirmed, in its turn, and only once', () => {
    expect(() => claimStep(plan(), 's1', 'm1', 2)).toThrow('This step needs your confirmation first.');
    const confirmed = confirmStep(plan(), 's1', 'u1', 2);
    expect(confirmed.steps[0]).toMatchObject({ confirmedBy: 'u1', confirmedAt: 2 });
    expect(confirmStep(confirmed, 's1', 'u1', 3)).toBe(confirmed); // confirming again changes nothing

    const running = claimStep(confirmed, 's1', 'm1', 3);
    expect(running).toMatchObject({ status: 'in_progress' });
    expect(running.steps[0]).toMatchObject({ status: 'in_progress', messageId: 'm1', startedAt: 3 });
    expect(() => claimStep(running, 's1', 'm2', 4)).toThrow('This step is already running.');

    const second = confirmStep(running, 's2', 'u1', 4);
    expect(() => claimStep(second, 's2', 'm2', 4)).toThrow('This step cannot run yet');
  });

  it('completes the plan with its last step and fails it with any step in error', () => {
    let current = claimStep(confirmStep(plan(), 's1', 'u1', 2), 's1', 'm1', 3);
    current = finishStep(
      current,
      's1',
      'm1',
      { output: 'one', usage: { inputTokens: 5, outputTokens: 2 } },
      4,
    );
    expect(current).toMatchObject({ status: 'in_progress', usage: { inputTokens: 5, outputTokens: 2 } });
    current = claimStep(confirmStep(current, 's2', 'u1', 5), 's2', 'm2', 6);
    const done = finishStep(current, 's2', 'm2', { output: 'two' }, 7);
    expect(done.status).toBe('completed');
    expect(done.steps.map((s) => s.status)).toEqual(['completed', 'completed']);

    const failed = finishStep(current, 's2', 'm2', { output: 'half', error: 'Stopped by the user.' }, 7);
    expect(failed).toMatchObject({ status: 'error', error: 'Stopped by the user.' });
    expect(failed.steps[1]).toMatchObject({ status: 'error', output: 'half' });
  });

  it('interrupts a step whose run died, keeps the plan open and runs it again once on Retry', () => {
    const running = claimStep(confirmStep(plan(), 's1', 'u1', 2), 's1', 'm1', 3);
    expect(interruptStep(running, 's1', 'other', 4)).toBe(running); // not that run's reply
    const interrupted = interruptStep(running, 's1', 'm1', 4);
    expect(interrupted.status).toBe('in_progress');
    expect(interrupted.steps[0]).toMatchObject({ status: 'interrupted', finishedAt: 4 });
    expect(interrupted.steps[0]?.error).toContain('Retry');
    // The dead run's late result records nothing.
    expect(finishStep(interrupted, 's1', 'm1', { output: 'late' }, 5)).toBe(interrupted);

    const retried = claimStep(interrupted, 's1', 'm2', 6);
    expect(retried.steps[0]).toMatchObject({ status: 'in_progress', messageId: 'm2', startedAt: 6 });
    expect(retried.steps[0]?.error).toBeUndefined();
    // A second Retry of the same version loses: the step is running again.
    expect(() => claimStep(retried, 's1', 'm3', 7)).toThrow('This step is already running.');
    // The first run, were it still alive, cannot record a result over the retry's.
    expect(finishStep(retried, 's1', 'm1', { output: 'late' }, 7)).toBe(retried);
    expect(finishStep(retried, 's1', 'm2', { output: 'one' }, 8).steps[0]?.status).toBe('completed');
  });

  it('retries a step found with a dead writer before the sweep marked it', () => {
    const running = claimStep(confirmStep(plan(), 's1', 'u1', 2), 's1', 'm1', 3);
    expect(() => claimStep(running, 's1', 'm2', 4)).toThrow('already running');
    expect(claimStep(running, 's1', 'm2', 4, 'm1').steps[0]).toMatchObject({
      status: 'in_progress',
      messageId: 'm2',
    });
    // Only the run found dead counts: a live one is still running.
    expect(() => claimStep(running, 's1', 'm2', 4, 'mX')).toThrow('already running');
  });

  it('runs independent Multi Agent steps side by side and a dependent one after them', () => {
    const multi = plan({
      mode: 'multi_agent',
      steps: [
        step('s1', { requiresConfirmation: false }),
        step('s2', { requiresConfirmation: false }),
        step('s3', { requiresConfirmation: false, dependsOn: ['s1', 's2'] }),
      ],
    });
    const both = claimStep(claimStep(multi, 's1', 'm1', 2), 's2', 'm2', 2);
    expect(both.steps.map((s) => s.status)).toEqual(['in_progress', 'in_progress', 'pending']);
    expect(() => claimStep(both, 's3', 'm3', 3)).toThrow('cannot run yet');
    const ready = finishStep(
      finishStep(both, 's1', 'm1', { output: 'a' }, 3),
      's2',
      'm2',
      { output: 'b' },
      3,
    );
    expect(claimStep(ready, 's3', 'm3', 4).steps[2]?.status).toBe('in_progress');

    // One parallel step failing ends the plan; the other finishing later does not reopen it.
    const failed = finishStep(both, 's1', 'm1', { output: '', error: 'boom' }, 3);
    expect(finishStep(failed, 's2', 'm2', { output: 'b' }, 4)).toMatchObject({
      status: 'error',
      error: 'boom',
    });
  });

  it('refuses changes to a cancelled plan, and edits of confirmed steps or arguments off-schema', () => {
    const cancelled = cancelPlan(plan(), 2);
    expect(cancelled.status).toBe('cancelled');
    // The steps that had not run say so: none is left 'Pending'.
    expect(cancelled.steps.map((s) => s.status)).toEqual(plan().steps.map(() => 'cancelled'));
    expect(() => confirmStep(cancelled, 's1', 'u1', 3)).toThrow('no longer running');
    expect(() => cancelPlan(cancelled, 3)).toThrow('no longer running');

    const mcp = plan({ mode: 'mcp', steps: [step('s1', { tool: 'echo', arguments: { message: 'hi' } })] });
    expect(
      editStep(mcp, 's1', { arguments: { message: 'bye' } }, 2, argumentsProblem).steps[0]?.arguments,
    ).toEqual({
      message: 'bye',
    });
    expect(() => editStep(mcp, 's1', { arguments: { message: 42 } }, 2, argumentsProblem)).toThrow(
      'The arguments for echo do not match its input: /message must be string',
    );
    expect(() => editStep(mcp, 's1', { arguments: {} }, 2, argumentsProblem)).toThrow(
      "must have required property 'message'",
    );
    expect(() =>
      editStep(confirmStep(mcp, 's1', 'u1', 2), 's1', { description: 'x' }, 3, argumentsProblem),
    ).toThrow('Only a step that has not been confirmed can be edited.');
    expect(() => editStep(plan(), 's1', { arguments: {} }, 2, argumentsProblem)).toThrow(
      'Only an MCP Server step',
    );
  });
});
