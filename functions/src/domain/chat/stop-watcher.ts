import type { MessageRecord, MessageRepository, SaveOutcome } from '../conversations/message.js';
import { REPLY_LEASE_MS } from './reply-lease.js';
import { createReplySaver } from './reply-saver.js';
import { isTooLong, storedReply } from './stored-reply.js';
import type { ToolLoopState } from './tool-loop.js';

export const SAVE_INTERVAL_MS = 1_000;
/** While nothing streams (a tool runs), the reply is still saved this often: each save is the stop check. */
export const STOP_CHECK_INTERVAL_MS = 1_000;

/** How a reply ended. */
export type ReplyOutcome =
  | { kind: 'complete' }
  | { kind: 'stopped'; stopAt?: number }
  | { kind: 'too-long' }
  | { kind: 'gone' }
  | { kind: 'interrupted' }
  | { kind: 'error'; error: unknown };

/**
 * Saves the reply as it streams (at most once per SAVE_INTERVAL_MS, and while nothing streams,
 * e.g. while the model thinks or a tool runs, still every STOP_CHECK_INTERVAL_MS): a crash loses
 * at most the last second of text, and each save renews the reply's lease (reply-lease.ts). Each
 * save is conditional, so it is also the check for a stop request, a deleted conversation or a
 * reply the sweep ended, and aborts the model when it finds one. A reply grown past what a
 * message can hold is ended too.
 */
export function watchForStop(
  messages: MessageRepository,
  reply: MessageRecord,
  persisted: Promise<void>,
  initial: ToolLoopState,
  now: () => number = Date.now,
) {
  const abort = new AbortController();
  let found: SaveOutcome = { status: 'saved' };
  let latest = initial;
  const saver = createReplySaver<ToolLoopState>(async (state) => {
    await persisted;
    const outcome = await messages.saveProgress(reply.conversationId, reply.messageId, {
      ...storedReply(state),
      leaseExpiresAt: now() + REPLY_LEASE_MS,
    });
    if (outcome.status !== 'saved' && found.status === 'saved') {
      found = outcome;
      abort.abort(outcome.status);
    }
  }, SAVE_INTERVAL_MS);
  const heartbeat = setInterval(() => saver.schedule(latest), STOP_CHECK_INTERVAL_MS);
  return {
    signal: abort.signal,
    progress(state: ToolLoopState) {
      latest = state;
      if (isTooLong(state.content)) abort.abort('too-long');
      else saver.schedule(state);
    },
    stop: () => clearInterval(heartbeat),
    /** How the reply ended; a reply that completes after a stop was requested still counts as stopped. */
    async outcome(state: ToolLoopState, failure: unknown): Promise<ReplyOutcome> {
      clearInterval(heartbeat);
      if (!abort.signal.aborted) {
        latest = state;
        saver.schedule(state);
      }
      await saver.flush().catch((error: unknown) => {
        failure ??= error;
      });
      if (found.status === 'gone') return { kind: 'gone' };
      if (found.status === 'interrupted') return { kind: 'interrupted' };
      if (found.status === 'stop-requested') return { kind: 'stopped', stopAt: found.stopAt };
      if (abort.signal.reason === 'too-long') return { kind: 'too-long' };
      return failure === undefined ? { kind: 'complete' } : { kind: 'error', error: failure };
    },
  };
}
