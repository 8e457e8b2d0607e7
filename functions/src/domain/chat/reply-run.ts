import { AsyncLocalStorage } from 'node:async_hooks';
import type { StreamEvent } from '@agentforge/shared';
import { emitMetrics, METRIC } from '../../metrics.js';
import type { Caller } from '../caller.js';
import type { MessageRecord, MessageRepository } from '../conversations/message.js';
import { DomainError } from '../errors.js';
import { withReservationHolder } from '../limits/reservation-holder.js';
import { finishReply, replyErrorMessage } from './finish-reply.js';
import type { UsageRecorder } from './ports.js';
import { type ReplyLeases, replyReservationHolder } from './reply-lease.js';
import type { ReplyOutcome } from './stop-watcher.js';
import { watchForStop } from './stop-watcher.js';
import type { ToolLoopState } from './tool-loop.js';

export type Emit = (event: StreamEvent) => void;

/** What the user reads when a reply outlives the stream's time limit. */
export const REPLY_TOO_SLOW_MESSAGE = 'The reply took too long and was stopped.';

/** A reply still generating when its stream's deadline passed: it ends in error, saved as far as it got. */
export class ReplyTimeoutError extends DomainError {
  readonly code = 'UPSTREAM_ERROR';
  constructor() {
    super(REPLY_TOO_SLOW_MESSAGE);
  }
}

const deadlines = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs a stream (http/sse-route) under a deadline: every reply generated inside `fn` is aborted
 * when `deadline` aborts. Carried as async context, so the services between the route and
 * runReply need not pass it along.
 */
export function withReplyDeadline<T>(deadline: AbortSignal, fn: () => T): T {
  return deadlines.run(deadline, fn);
}

export const emptyReplyState = (): ToolLoopState => ({
  content: '',
  toolCalls: [],
  usage: { inputTokens: 0, outputTokens: 0 },
});

/** One assistant message being generated and streamed: a chat reply or an agent step. */
export interface ReplyRun {
  caller: Caller;
  reply: MessageRecord;
  /** The reply (and its trigger) saved; started alongside the generation. */
  persisted: Promise<void>;
  emit: Emit;
  /** What the `end` event names. */
  provider: string;
  model: string;
  /**
   * Generates the reply, reporting every change through `onProgress` (saved as it goes, and each
   * save is the stop check that aborts `signal`). Rejects on failure.
   */
  generate(
    signal: AbortSignal,
    onProgress: (state: ToolLoopState) => void,
  ): Promise<{ state: ToolLoopState; usedServer?: string | undefined }>;
  /** After the reply's last write, before the stream's last event. */
  settle?(outcome: ReplyOutcome, state: ToolLoopState): Promise<void>;
}

export interface ReplyRunDeps {
  messages: MessageRepository;
  usage: UsageRecorder;
  /** Where the reply's model calls hold their reservations, for the sweep should the writer die. */
  leases?: ReplyLeases;
}

/**
 * Streams one reply to its end: `status: streaming`, the generation's events, the reply's last
 * write for every outcome (complete, stopped, too long, error, conversation gone), the last event,
 * and the tokens booked to the caller. Throws only what the log should see.
 */
export async function runReply(deps: ReplyRunDeps, run: ReplyRun): Promise<ReplyOutcome> {
  const { caller, reply, persisted, emit } = run;
  emit({ type: 'status', status: 'streaming', messageId: reply.messageId });
  let state = emptyReplyState();
  const watch = watchForStop(deps.messages, reply, persisted, state);
  const holder =
    deps.leases && replyReservationHolder(deps.leases, reply, persisted, () => state.content.length);
  let usedServer: string | undefined;
  let failure: unknown;
  const deadline = deadlines.getStore();
  let timedOut = false;
  const onDeadline = () => {
    timedOut = true;
  };
  deadline?.addEventListener('abort', onDeadline);
  try {
    if (deadline?.aborted) throw new ReplyTimeoutError();
    const signal = deadline ? AbortSignal.any([watch.signal, deadline]) : watch.signal;
    const generate = () =>
      run.generate(signal, (progress) => {
        state = progress;
        watch.progress(progress);
      });
    ({ state, usedServer } = await (holder ? withReservationHolder(holder, generate) : generate()));
  } catch (error) {
    failure = error;
  } finally {
    deadline?.removeEventListener('abort', onDeadline);
  }
  // However the generation ended once the deadline passed, the reply ends as too slow (a stop still wins).
  if (timedOut) failure = new ReplyTimeoutError();
  try {
    // Without the reply saved there is nothing to mark: an update would create a partial item.
    if (
      !(await persisted.then(
        () => true,
        () => false,
      ))
    ) {
      emit({ type: 'error', message: replyErrorMessage(failure) });
      throw failure ?? new Error('The reply could not be created');
    }
    const outcome = await watch.outcome(state, failure);
    const finished = { reply, provider: run.provider, model: run.model, state, usedServer, emit };
    const { settle } = run;
    await finishReply(deps.messages, finished, outcome, settle && (() => settle(outcome, state)));
    return outcome;
  } finally {
    watch.stop();
    const { usage } = state;
    if (usage.inputTokens || usage.outputTokens) {
      emitMetrics({
        [METRIC.inputTokens]: { value: usage.inputTokens, unit: 'Count' },
        [METRIC.outputTokens]: { value: usage.outputTokens, unit: 'Count' },
      });
      await deps.usage.recordTokens(caller.userId, reply.timestamp, usage);
    }
  }
}
