import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer } from './idle-timer.js';

describe('IdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once after the timeout without activity, counted from start', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1000, onIdle);
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled(); // not started: the package is still starting
    timer.start();
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    timer.touch();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('restarts the clock on every touch and records the last activity', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1000, onIdle);
    timer.start();
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(800);
      timer.touch();
    }
    expect(onIdle).not.toHaveBeenCalled();
    expect(timer.lastActivityAt).toBe(1_000_000 + 4000);
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires during a request, and counts from its end', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1000, onIdle);
    timer.start();
    const end = timer.begin();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    end();
    end(); // idempotent
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('waits for every overlapping request', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1000, onIdle);
    timer.start();
    const first = timer.begin();
    const second = timer.begin();
    first();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped, or with a zero timeout', () => {
    const stopped = vi.fn();
    const timer = new IdleTimer(1000, stopped);
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(5000);
    expect(stopped).not.toHaveBeenCalled();

    const never = vi.fn();
    new IdleTimer(0, never).start();
    vi.advanceTimersByTime(60_000);
    expect(never).not.toHaveBeenCalled();
  });
});
