import { CHAT_MESSAGES } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { openLazily } from './lazy-stream';
import { StreamError } from './stream-error';

describe('openLazily', () => {
  it('opens the stream with the loaded code', async () => {
    const open = vi.fn(async () => {});
    const onError = vi.fn();
    await openLazily(async () => 'client', open, { onError });
    expect(open).toHaveBeenCalledWith('client');
    expect(onError).not.toHaveBeenCalled();
  });

  it('fails the stream as one that could not start when its code cannot be loaded, without rejecting', async () => {
    const open = vi.fn(async () => {});
    const onError = vi.fn();
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(openLazily(() => Promise.reject(failure), open, { onError })).resolves.toBeUndefined();
    expect(open).not.toHaveBeenCalled();
    const [error] = onError.mock.calls[0] as [StreamError];
    expect(error).toBeInstanceOf(StreamError);
    expect(error.kind).toBe('initiate');
    expect(error.message).toBe(CHAT_MESSAGES.startGenerationFailed);
    expect(error.cause).toBe(failure);
  });

  it('asks nothing of the server once stopped while the code loaded, and reports nothing', async () => {
    const controller = new AbortController();
    const open = vi.fn(async () => {});
    const onError = vi.fn();
    const loading = openLazily(
      async () => {
        controller.abort();
        return 'client';
      },
      open,
      { onError },
      { signal: controller.signal },
    );
    await loading;
    expect(open).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();

    const stopped = new AbortController();
    stopped.abort();
    await openLazily(
      () => Promise.reject(new Error('offline')),
      open,
      { onError },
      { signal: stopped.signal },
    );
    expect(onError).not.toHaveBeenCalled();
  });
});
