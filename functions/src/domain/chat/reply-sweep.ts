import { logger } from '../../logger.js';
import type { MessageRecord } from '../conversations/message.js';
import { countedTokens } from '../limits/token-budget.js';
import { settleReservation, type TokenLedger } from '../limits/token-meter.js';
import { interruptedReply, type ReplyLeases } from './reply-lease.js';

export interface ReplySweepDeps {
  leases: ReplyLeases;
  ledger: TokenLedger;
  newId: () => string;
  now: () => number;
  /** After a reply is ended: the plan step it was running is interrupted (agent/interrupted-steps.ts). */
  onInterrupted?: (reply: MessageRecord) => Promise<void>;
}

/** Replies ended per run at most (the reaper runs every minute: a backlog goes in the next run). */
const SWEEP_BATCH = 200;

/**
 * Ends the replies whose writer died (their lease ran out): each is saved as interrupted with the
 * text its writer last saved, and each model call it still held a reservation for is settled to
 * what it streamed (the saved text past the call's start, as the meter counts a call that broke
 * off), so the day's counter gives the rest back. Run by the reaper's schedule.
 */
export function createReplySweep(deps: ReplySweepDeps) {
  /** Ends one reply whose lease ran out; false when its writer or another sweep got there first. */
  async function end(record: MessageRecord): Promise<{ ended: boolean; settled: number }> {
    const reservations = await deps.leases.claim(record, interruptedReply(record));
    if (!reservations) return { ended: false, settled: 0 };
    await deps.onInterrupted?.(record);
    let settled = 0;
    for (const reservation of Object.values(reservations)) {
      const streamedChars = Math.max(0, record.content.length - reservation.fromChar);
      try {
        await settleReservation(deps, reservation, countedTokens(reservation, undefined, streamedChars));
        settled++;
      } catch (error) {
        // Left reserved: the user is refused early, never overspends (as the meter does).
        logger.error('An interrupted reply’s reservation could not be settled', {
          messageId: record.messageId,
          error,
        });
      }
    }
    return { ended: true, settled };
  }

  return {
    end,
    async sweep(): Promise<{ interrupted: number; settled: number }> {
      let interrupted = 0;
      let settled = 0;
      for (const record of await deps.leases.expired(deps.now(), SWEEP_BATCH)) {
        const result = await end(record);
        if (result.ended) interrupted++;
        settled += result.settled;
      }
      return { interrupted, settled };
    },
  };
}
export type ReplySweep = ReturnType<typeof createReplySweep>;
