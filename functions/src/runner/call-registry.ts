import { randomUUID } from 'node:crypto';
import type { ToolCallRun, ToolProgress } from '@agentforge/shared';

/**
 * Tool calls that outlive one HTTP request (docs/decisions/mcp-servers.md, "AWS first use: long
 * tool calls"): each runs under an id, its progress kept as it arrives, its result kept a short
 * while after it ends for the caller to read. Bounded everywhere, since the package is untrusted.
 */
export interface CallLimits {
  /** Calls running at once (per bridge: one server's run). */
  maxRunning: number;
  /** How long an ended call stays readable. */
  keepMs: number;
  /** The largest result kept (its JSON in bytes); a larger one ends the call in error. */
  maxResultBytes: number;
  /** A call still running this long is cancelled. */
  maxCallMs: number;
  /** A running call nobody read for this long is cancelled: its caller is gone. */
  abandonMs: number;
  /** Progress notifications kept per call (the latest). */
  maxProgressKept: number;
}

export const DEFAULT_CALL_LIMITS: CallLimits = {
  maxRunning: 10,
  keepMs: 2 * 60_000,
  maxResultBytes: 1024 * 1024,
  maxCallMs: 15 * 60_000,
  abandonMs: 60_000,
  maxProgressKept: 20,
};

const MAX_PROGRESS_MESSAGE = 1_000;

export type CallRunner = (
  signal: AbortSignal,
  onProgress: (progress: ToolProgress) => void,
) => Promise<unknown>;

export class TooManyCallsError extends Error {}

interface Entry {
  view: ToolCallRun;
  owner: string;
  seq: number;
  abort: AbortController;
  waiters: Set<() => void>;
  /** The call's time limit, then the time it stays readable. */
  deadline?: NodeJS.Timeout;
  abandoned?: NodeJS.Timeout;
}

export function createCallRegistry(limits: CallLimits = DEFAULT_CALL_LIMITS) {
  const calls = new Map<string, Entry>();
  const running = () => [...calls.values()].filter((entry) => entry.view.status === 'running').length;

  const snapshot = (entry: Entry, after = 0): ToolCallRun => ({
    ...entry.view,
    progress: entry.view.progress.filter((item) => item.seq > after),
  });

  function changed(entry: Entry) {
    for (const wake of entry.waiters) wake();
    entry.waiters.clear();
  }

  function end(entry: Entry, patch: Pick<ToolCallRun, 'status'> & Partial<ToolCallRun>) {
    if (entry.view.status !== 'running') return;
    Object.assign(entry.view, patch);
    clearTimeout(entry.deadline);
    clearTimeout(entry.abandoned);
    const callId = entry.view.callId;
    entry.deadline = setTimeout(() => calls.delete(callId), limits.keepMs).unref();
    changed(entry);
  }

  function stop(entry: Entry, reason: string, status: 'cancelled' | 'error' = 'cancelled') {
    end(entry, { status, error: reason });
    entry.abort.abort(reason);
  }

  /** The caller is still there: the call is not abandoned for another abandonMs. */
  function seen(entry: Entry) {
    if (entry.view.status !== 'running') return;
    clearTimeout(entry.abandoned);
    entry.abandoned = setTimeout(
      () => stop(entry, 'Nobody read the call: its caller is gone.'),
      limits.abandonMs,
    ).unref();
  }

  function owned(callId: string, owner: string): Entry | undefined {
    const entry = calls.get(callId);
    return entry?.owner === owner ? entry : undefined;
  }

  return {
    /** Starts a call for `owner` (only they may read or cancel it); its id. */
    start(owner: string, run: CallRunner): string {
      if (running() >= limits.maxRunning) throw new TooManyCallsError('Too many tool calls are running.');
      const callId = randomUUID();
      const entry: Entry = {
        view: { callId, status: 'running', progress: [] },
        owner,
        seq: 0,
        abort: new AbortController(),
        waiters: new Set(),
      };
      entry.deadline = setTimeout(
        () => stop(entry, `The call ran past ${limits.maxCallMs} ms.`, 'error'),
        limits.maxCallMs,
      ).unref();
      seen(entry);
      calls.set(callId, entry);
      const onProgress = (progress: ToolProgress) => {
        if (entry.view.status !== 'running') return;
        entry.seq += 1;
        const message = progress.message?.slice(0, MAX_PROGRESS_MESSAGE);
        entry.view.progress = [
          ...entry.view.progress,
          {
            seq: entry.seq,
            progress: progress.progress,
            ...(progress.total === undefined ? {} : { total: progress.total }),
            ...(message === undefined ? {} : { message }),
          },
        ].slice(-limits.maxProgressKept);
        changed(entry);
      };
      run(entry.abort.signal, onProgress).then(
        (result) => {
          const size = Buffer.byteLength(JSON.stringify(result ?? null));
          if (size > limits.maxResultBytes) {
            end(entry, {
              status: 'error',
              error: `The tool's result is larger than ${limits.maxResultBytes} bytes.`,
            });
          } else end(entry, { status: 'done', result });
        },
        (error: unknown) =>
          end(entry, { status: 'error', error: String((error as Error)?.message ?? error) }),
      );
      return callId;
    },

    /**
     * The call as it is, with the progress after `after`, once there is some (or, with `until:
     * 'end'`, once the call ended), or after `waitMs`; undefined when `owner` has no such call.
     */
    async read(
      callId: string,
      owner: string,
      after: number,
      waitMs: number,
      until: 'news' | 'end' = 'news',
    ): Promise<ToolCallRun | undefined> {
      const entry = owned(callId, owner);
      if (!entry) return undefined;
      seen(entry);
      const fresh = () => entry.view.status !== 'running' || (until === 'news' && entry.seq > after);
      const deadline = Date.now() + waitMs;
      while (!fresh() && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, deadline - Date.now());
          function done() {
            clearTimeout(timer);
            entry?.waiters.delete(done);
            resolve();
          }
          entry.waiters.add(done);
        });
      }
      seen(entry);
      return snapshot(entry, after);
    },

    /** Cancels the call (the package's request is aborted); the call as it ended, or undefined. */
    cancel(callId: string, owner: string): ToolCallRun | undefined {
      const entry = owned(callId, owner);
      if (!entry) return undefined;
      stop(entry, 'Cancelled by the caller.');
      return snapshot(entry);
    },

    /** Ends every call (the bridge is shutting down). */
    closeAll(reason: string): void {
      for (const entry of calls.values()) stop(entry, reason);
    },
  };
}

export type CallRegistry = ReturnType<typeof createCallRegistry>;
