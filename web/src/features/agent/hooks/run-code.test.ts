import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../utils/agent-run-specs');
  vi.resetModules();
});

describe('the agent run code', () => {
  it('is handed over at once once loaded', async () => {
    const { preloadRunCode, withRunCode } = await import('./run-code');
    const code = await preloadRunCode();
    const use = vi.fn();
    withRunCode(use, () => undefined);
    // Synchronously: a goal or step starts in the same task as its click once the code is there.
    expect(use).toHaveBeenCalledWith(code);
    expect(typeof code.goalRun).toBe('function');
  });

  it('reports a failed load, and loads again on the next use', async () => {
    vi.doMock('../utils/agent-run-specs', () => {
      throw new Error('offline');
    });
    const { withRunCode } = await import('./run-code');
    const failed = vi.fn();
    const use = vi.fn();
    withRunCode(use, failed);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledOnce());
    expect(use).not.toHaveBeenCalled();

    vi.doUnmock('../utils/agent-run-specs');
    withRunCode(use, failed);
    await vi.waitFor(() => expect(use).toHaveBeenCalledOnce());
    expect(failed).toHaveBeenCalledOnce();
  });
});
