import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave';

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a file once, its last content, after the pause', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useAutosave(save));
    act(() => {
      result.current.schedule('a.js', '1');
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
      result.current.schedule('a.js', '12');
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    });
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith('a.js', '12');
  });

  it('flushes every pending file at once, drops a cancelled one, and flushes on unmount', () => {
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useAutosave(save));
    act(() => {
      result.current.schedule('a.js', 'a');
      result.current.schedule('b.js', 'b');
      result.current.schedule('gone.js', 'x');
      result.current.cancel('gone.js');
      result.current.flush();
    });
    expect(save.mock.calls).toEqual([
      ['a.js', 'a'],
      ['b.js', 'b'],
    ]);
    act(() => result.current.schedule('c.js', 'c'));
    unmount();
    expect(save).toHaveBeenLastCalledWith('c.js', 'c');
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledTimes(3);
  });
});
