import { useCallback, useEffect, useRef } from 'react';

/** How long the editor waits after the last keystroke before saving. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Debounced saving per file: `schedule` (re)starts the file's timer; `flush` saves every pending
 * file at once (before leaving, switching to the chat); `cancel` drops one. Pending saves are
 * flushed on unmount.
 */
export function useAutosave(save: (path: string, content: string) => void, delayMs = AUTOSAVE_DELAY_MS) {
  const pending = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; content: string }>());
  const saveRef = useRef(save);
  saveRef.current = save;

  const fire = useCallback((path: string) => {
    const entry = pending.current.get(path);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.current.delete(path);
    saveRef.current(path, entry.content);
  }, []);

  const schedule = useCallback(
    (path: string, content: string) => {
      const entry = pending.current.get(path);
      if (entry) clearTimeout(entry.timer);
      pending.current.set(path, { timer: setTimeout(() => fire(path), delayMs), content });
    },
    [delayMs, fire],
  );

  /** Drops a file's pending save (the file is being deleted). */
  const cancel = useCallback((path: string) => {
    const entry = pending.current.get(path);
    if (entry) clearTimeout(entry.timer);
    pending.current.delete(path);
  }, []);

  const flush = useCallback(() => {
    for (const path of [...pending.current.keys()]) fire(path);
  }, [fire]);

  useEffect(() => flush, [flush]);
  return { schedule, flush, cancel };
}
