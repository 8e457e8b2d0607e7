import type { ToolProgress } from '@agentforge/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CallLimits,
  createCallRegistry,
  DEFAULT_CALL_LIMITS,
  TooManyCallsError,
} from './call-registry.js';

/** A call the test drives by hand: report progress, then finish or fail; sees its abort signal. */
function controlled() {
  let progress: (p: ToolProgress) => void = () => undefined;
  let finish: (result: unknown) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let signal: AbortSignal | undefined;
  const run = (s: AbortSignal, onProgress: (p: ToolProgress) => void) => {
    signal = s;
    progress = onProgress;
    return new Promise<unknown>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    run,
    progress: (p: ToolProgress) => progress(p),
    finish: (r: unknown) => finish(r),
    fail: (e: Error) => fail(e),
    signal: () => signal,
  };
}

const limits = (over: Partial<CallLimits> = {}): CallLimits => ({ ...DEFAULT_CALL_LIMITS, ...over });

describe('the bridge call registry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps progress as it arrives and hands a long poll what came after what it saw', async () => {
    const registry = createCallRegistry(limits());
    const call = controlled();
    const id = registry.start('alice', call.run);

    const waiting = registry.read(id, 'alice', 0, 20_000);
    call.progress({ progress: 1, total: 5, message: 'first' });
    expect(await waiting).toMatchObject({
      status: 'running',
      progress: [{ seq: 1, progress: 1, total: 5, message: 'first' }],
    });

    call.progress({ progress: 2, total: 5 });
    call.progress({ progress: 3, total: 5 });
    const read = await registry.read(id, 'alice', 1, 20_000);
    expect(read?.progress.map((p) => p.seq)).toEqual([2, 3]);

    // Nothing new: the poll waits its time, then answers as it is.
    const idle = registry.read(id, 'alice', 3, 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await idle).toMatchObject({ status: 'running', progress: [] });
  });

  it('wakes a waiting reader with the result, and keeps the result readable for a while only', async () => {
    const registry = createCallRegistry(limits({ keepMs: 60_000 }));
    const call = controlled();
    const id = registry.start('alice', call.run);
    const waiting = registry.read(id, 'alice', 0, 20_000);
    call.finish({ content: [{ type: 'text', text: 'done' }] });
    expect(await waiting).toMatchObject({ status: 'done', result: { content: [{ text: 'done' }] } });
    expect(await registry.read(id, 'alice', 0, 0)).toMatchObject({ status: 'done' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await registry.read(id, 'alice', 0, 0)).toBeUndefined();
  });

  it('waits through progress for the result when asked to wait for the end', async () => {
    const registry = createCallRegistry(limits());
    const call = controlled();
    const id = registry.start('alice', call.run);
    const waiting = registry.read(id, 'alice', 0, 5_000, 'end');
    call.progress({ progress: 1, total: 1, message: 'Step 1 of 1' });
    await vi.advanceTimersByTimeAsync(200);
    call.finish({ content: [{ type: 'text', text: 'quick' }] });
    expect(await waiting).toMatchObject({
      status: 'done',
      progress: [{ seq: 1, message: 'Step 1 of 1' }],
      result: { content: [{ text: 'quick' }] },
    });

    const slow = registry.start('alice', controlled().run);
    const unfinished = registry.read(slow, 'alice', 0, 5_000, 'end');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await unfinished).toMatchObject({ status: 'running' });
  });

  it("answers nobody but the call's owner", async () => {
    const registry = createCallRegistry(limits());
    const call = controlled();
    const id = registry.start('alice', call.run);
    expect(await registry.read(id, 'mallory', 0, 0)).toBeUndefined();
    expect(registry.cancel(id, 'mallory')).toBeUndefined();
    expect(call.signal()?.aborted).toBe(false);
    expect(await registry.read('no-such-call', 'alice', 0, 0)).toBeUndefined();
  });

  it('cancels: aborts the running request and says so', async () => {
    const registry = createCallRegistry(limits());
    const call = controlled();
    const id = registry.start('alice', call.run);
    expect(registry.cancel(id, 'alice')).toMatchObject({ status: 'cancelled' });
    expect(call.signal()?.aborted).toBe(true);
    // The package's late answer changes nothing.
    call.finish({ content: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(await registry.read(id, 'alice', 0, 0)).toMatchObject({ status: 'cancelled' });
  });

  it('bounds what an untrusted server can hold: running calls, result size, progress kept', async () => {
    const registry = createCallRegistry(limits({ maxRunning: 2, maxResultBytes: 100, maxProgressKept: 3 }));
    const first = controlled();
    const id = registry.start('alice', first.run);
    registry.start('alice', controlled().run);
    expect(() => registry.start('alice', controlled().run)).toThrow(TooManyCallsError);

    for (let i = 1; i <= 10; i++) first.progress({ progress: i, message: 'x'.repeat(5_000) });
    const read = await registry.read(id, 'alice', 0, 0);
    expect(read?.progress.map((p) => p.seq)).toEqual([8, 9, 10]);
    expect(read?.progress[0]?.message).toHaveLength(1_000);

    first.finish({ content: [{ type: 'text', text: 'y'.repeat(200) }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(await registry.read(id, 'alice', 0, 0)).toMatchObject({
      status: 'error',
      error: "The tool's result is larger than 100 bytes.",
    });
    // An ended call frees its place.
    expect(() => registry.start('alice', controlled().run)).not.toThrow();
  });

  it('stops a call past its time limit, and one its caller stopped reading', async () => {
    const registry = createCallRegistry(limits({ maxCallMs: 600_000, abandonMs: 60_000 }));
    const long = controlled();
    const longId = registry.start('alice', long.run);
    const forgotten = controlled();
    const forgottenId = registry.start('alice', forgotten.run);

    await vi.advanceTimersByTimeAsync(50_000);
    await registry.read(longId, 'alice', 0, 0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(forgotten.signal()?.aborted).toBe(true);
    expect(await registry.read(forgottenId, 'alice', 0, 0)).toMatchObject({ status: 'cancelled' });
    await registry.read(longId, 'alice', 0, 0);

    // Read all along, the other runs to its limit.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(50_000);
      await registry.read(longId, 'alice', 0, 0);
    }
    expect(long.signal()?.aborted).toBe(false); // 560 s
    await vi.advanceTimersByTimeAsync(50_000);
    expect(long.signal()?.aborted).toBe(true);
    expect(await registry.read(longId, 'alice', 0, 0)).toMatchObject({
      status: 'error',
      error: 'The call ran past 600000 ms.',
    });
  });

  it("records the package's failure as the call's error", async () => {
    const registry = createCallRegistry(limits());
    const call = controlled();
    const id = registry.start('alice', call.run);
    call.fail(new Error('Tool not found'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await registry.read(id, 'alice', 0, 0)).toMatchObject({
      status: 'error',
      error: 'Tool not found',
    });
  });
});
