import { setImmediate } from 'node:timers/promises';

/**
 * Resolves `turns` turns of the event loop later. Node sends what was written to a socket (a
 * response's delta, a request undici is about to write) at the end of the turn it was written in,
 * after every pending microtask: work started after this no longer runs ahead of those bytes.
 */
export async function afterEventLoopTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await setImmediate();
}
