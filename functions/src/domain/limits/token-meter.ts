import { logger } from '../../logger.js';
import type { ModelProvider, ModelRequest, ModelStreamEvent, ModelUsage } from '../models/model-provider.js';
import type { PlanSource, UserPlan } from './plan.js';
import { currentReservationHolder, type HeldReservation } from './reservation-holder.js';
import {
  countedTokens,
  type DayCounter,
  estimatePromptTokens,
  noRoomLeft,
  overageOf,
  planReservation,
  type Reservation,
} from './token-budget.js';

/**
 * The token counters, in the usage table (adapters/dynamodb/token-ledger.ts): per user and UTC
 * day `committed`, `used` and `ownKeyTokens` on the day's item, per month the overage.
 */
export interface TokenLedger {
  /** The day's counters, read consistently (0 when none). */
  day(userId: string, day: string): Promise<DayCounter>;
  /** The month's overage tokens so far. */
  monthOverage(userId: string, month: string): Promise<number>;
  /**
   * One conditional atomic update: ADD `committed` :estimate if `committed` is absent or at most
   * :maxCommittedBefore. False when the condition failed (nothing written).
   */
  reserve(userId: string, day: string, estimate: number, maxCommittedBefore: number): Promise<boolean>;
  /** ADD used :counted, committed :(counted - reserved), ownKeyTokens :ownKeyTokens; the day's `used` after. */
  settle(
    userId: string,
    day: string,
    change: { counted: number; reserved: number; ownKeyTokens: number },
  ): Promise<number>;
  /** Books one call's overage on the month (the counter, and a row for the meter reporter). */
  addOverage(userId: string, month: string, entry: { id: string; tokens: number; at: number }): Promise<void>;
}

export interface TokenMeterDeps {
  plans: PlanSource;
  ledger: TokenLedger;
  now: () => number;
  newId: () => string;
}

/** A reservation lost to a concurrent one is taken again from a fresh read, this often at most. */
const RESERVE_ATTEMPTS = 8;

interface Grant extends Reservation {
  plan: UserPlan;
  day: string;
  month: string;
}

/** What a call's stream showed: the provider's usage, else how much output came. */
interface Observed {
  usage: ModelUsage | undefined;
  streamedChars: number;
}

function observe(seen: Observed, event: ModelStreamEvent): void {
  if (event.type === 'text-delta') seen.streamedChars += event.text.length;
  else if (event.type === 'tool-call')
    seen.streamedChars += JSON.stringify(event.toolCall.input ?? {}).length;
  else {
    seen.usage = {
      inputTokens: (seen.usage?.inputTokens ?? 0) + event.usage.inputTokens,
      outputTokens: (seen.usage?.outputTokens ?? 0) + event.usage.outputTokens,
    };
  }
}

const held = (grant: Grant): Omit<HeldReservation, 'fromChar'> => ({
  day: grant.day,
  month: grant.month,
  estimate: grant.estimate,
  promptTokens: grant.promptTokens,
  tier: grant.plan.tier,
  allowance: grant.plan.limits.tokensPerDay,
});

/**
 * Settles a reservation to `counted` tokens (never above its estimate: countedTokens) and books a
 * paid plan's overage: by the call itself, or by the reply sweep for a call whose writer died.
 */
export async function settleReservation(
  deps: Pick<TokenMeterDeps, 'ledger' | 'newId' | 'now'>,
  userId: string,
  reservation: Omit<HeldReservation, 'fromChar'>,
  counted: number,
): Promise<void> {
  const usedAfter = await deps.ledger.settle(userId, reservation.day, {
    counted,
    reserved: reservation.estimate,
    ownKeyTokens: 0,
  });
  const overage = reservation.tier === 'free' ? 0 : overageOf(usedAfter, counted, reservation.allowance);
  if (overage > 0) {
    await deps.ledger.addOverage(userId, reservation.month, {
      id: deps.newId(),
      tokens: overage,
      at: deps.now(),
    });
  }
}

/**
 * Enforces the plan's token limits on every model call a user makes (chat replies, tool rounds,
 * agent planning and steps: all of them resolve their provider through the model resolver, which
 * wraps it here). Before the call: the prompt is estimated, an oversized one refused, the output
 * capped, and the call's maximum reserved on the day's counter with one conditional atomic update
 * (so concurrent calls can never reserve past the limit); refused on Free at the day's limit and
 * on paid plans at the month's overage cap, before the provider is called. After the call, however
 * it ended (complete, error, stop, disconnect, deadline: the stream's `finally`), it settles to
 * what it used, and a paid plan's overage is booked. Calls on the user's own keys are recorded
 * (`ownKeyTokens`) and not limited (docs/decisions.md, Plan limits).
 */
export function createTokenMeter(deps: TokenMeterDeps) {
  const { ledger } = deps;

  async function reserve(userId: string, request: ModelRequest): Promise<Grant> {
    const plan = await deps.plans.planOf(userId);
    const iso = new Date(deps.now()).toISOString();
    const day = iso.slice(0, 10);
    const month = iso.slice(0, 7);
    const promptTokens = estimatePromptTokens(request);
    const requestedOutput = request.maxOutputTokens ?? plan.limits.maxTokensPerRequest;
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      // The day first: a settlement between the two reads can only make the ceiling lower.
      const counter = await ledger.day(userId, day);
      const monthOverage = plan.overageAllowed ? await ledger.monthOverage(userId, month) : 0;
      const reservation = planReservation({
        plan,
        promptTokens,
        requestedOutput,
        day: counter,
        monthOverage,
      });
      if (await ledger.reserve(userId, day, reservation.estimate, reservation.maxCommittedBefore)) {
        return { ...reservation, plan, day, month };
      }
    }
    throw noRoomLeft(plan);
  }

  const settle = (userId: string, grant: Grant, seen: Observed) =>
    settleReservation(deps, userId, held(grant), countedTokens(grant, seen.usage, seen.streamedChars));

  async function* metered(
    userId: string,
    provider: ModelProvider,
    request: ModelRequest,
  ): AsyncGenerator<ModelStreamEvent> {
    const grant = await reserve(userId, request);
    // A reply's reservation is kept on its lease: if its writer dies, the sweep settles it.
    const holder = currentReservationHolder();
    const reservationId = holder ? deps.newId() : '';
    holder?.hold(reservationId, held(grant));
    const seen: Observed = { usage: undefined, streamedChars: 0 };
    try {
      for await (const event of provider.stream({ ...request, maxOutputTokens: grant.outputCap })) {
        observe(seen, event);
        yield event;
      }
    } finally {
      await (async () => {
        if (holder && !(await holder.release(reservationId))) return; // the sweep settled it
        await settle(userId, grant, seen);
      })().catch((error: unknown) =>
        // The reservation stays on the day's counter: the user is refused early, never overspends.
        logger.error('A model call could not be settled', { userId, day: grant.day, error }),
      );
    }
  }

  async function* ownKey(
    userId: string,
    provider: ModelProvider,
    request: ModelRequest,
  ): AsyncGenerator<ModelStreamEvent> {
    const day = new Date(deps.now()).toISOString().slice(0, 10);
    const seen: Observed = { usage: undefined, streamedChars: 0 };
    try {
      for await (const event of provider.stream(request)) {
        observe(seen, event);
        yield event;
      }
    } finally {
      const tokens = seen.usage ? seen.usage.inputTokens + seen.usage.outputTokens : 0;
      if (tokens > 0) {
        await ledger
          .settle(userId, day, { counted: 0, reserved: 0, ownKeyTokens: tokens })
          .catch((error: unknown) => logger.error('Own-key tokens could not be recorded', { userId, error }));
      }
    }
  }

  return {
    /** The provider, metered for this user: `ownKey` when it runs on the user's own key or endpoint. */
    meter(userId: string, provider: ModelProvider, options: { ownKey: boolean }): ModelProvider {
      return {
        id: provider.id,
        stream: (request) =>
          options.ownKey ? ownKey(userId, provider, request) : metered(userId, provider, request),
        listModels: () => provider.listModels(),
        validate: () => provider.validate(),
      };
    },
  };
}
export type TokenMeter = ReturnType<typeof createTokenMeter>;
