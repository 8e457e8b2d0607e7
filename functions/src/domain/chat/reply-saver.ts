/**
 * Saves the reply while it streams without writing on every token: at most one write in flight
 * and one every `intervalMs`, always ending with the latest state. A dropped client loses nothing.
 */
export function createReplySaver<T>(save: (state: T) => Promise<void>, intervalMs: number) {
  let latest: T | undefined;
  let dirty = false;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite = 0;

  const write = async (): Promise<void> => {
    if (!dirty || latest === undefined) return;
    dirty = false;
    lastWrite = Date.now();
    await save(latest);
  };

  const run = (): Promise<void> => {
    running = (running ?? Promise.resolve()).then(write);
    return running;
  };

  return {
    schedule(state: T): void {
      latest = state;
      dirty = true;
      if (timer) return;
      const wait = Math.max(0, intervalMs - (Date.now() - lastWrite));
      timer = setTimeout(() => {
        timer = undefined;
        run().catch(() => undefined); // the failure stays in `running`: flush() rejects with it
      }, wait);
    },
    /** Writes whatever is pending and waits for every write. */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await run();
    },
  };
}
