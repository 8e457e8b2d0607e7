import { AsyncLocalStorage } from 'node:async_hooks';
import { SUBSCRIPTION_TIERS } from '@agentforge/shared';
import * as z from 'zod';

/** An open token reservation as a sweep needs it to settle the call should its writer die. */
export const heldReservationSchema = z.object({
  /** Whose counters it is on (usage-account.ts): the user's, or a team's per member. */
  account: z.object({ ownerId: z.string(), memberId: z.string().optional() }),
  day: z.string(),
  month: z.string(),
  /** What the reservation added to the day's `committed`. */
  estimate: z.number(),
  promptTokens: z.number(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** The plan's daily allowance when reserved (a paid plan's overage is what lies past it). */
  allowance: z.number(),
  /** How long the reply's text was when the call began: what it streamed is the text after it. */
  fromChar: z.number().int().min(0),
});
export type HeldReservation = z.infer<typeof heldReservationSchema>;

/**
 * Where a model call's open reservation is kept while it streams: the reply whose lease a sweep
 * reads (domain/chat/reply-lease.ts). The holder and the sweep each take a reservation back with a
 * conditional write, so exactly one of them settles it.
 */
export interface ReservationHolder {
  /** Records the open reservation (in the background: `release` waits for it). */
  hold(id: string, reservation: Omit<HeldReservation, 'fromChar'>): void;
  /** Takes the reservation back before the call settles it: false when a sweep has settled it. */
  release(id: string): Promise<boolean>;
}

const holders = new AsyncLocalStorage<ReservationHolder>();

/** Runs `fn` with every model call inside it holding its reservation on `holder` (async context). */
export function withReservationHolder<T>(holder: ReservationHolder, fn: () => T): T {
  return holders.run(holder, fn);
}

export const currentReservationHolder = (): ReservationHolder | undefined => holders.getStore();
