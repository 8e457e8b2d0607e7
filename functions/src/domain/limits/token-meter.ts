import { logger } from '../../logger.js';
import type { ModelProvider, ModelRequest, ModelStreamEvent, ModelUsage } from '../models/model-provider.js';
import type { SpacePlans, UserPlan } from './plan.js';
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
import { personalAccount, teamAccount, type UsageAccount } from './usage-account.js';

/**
 * The token counters, in the usage table (adapters/dynamodb/token-ledger.ts): per account and UTC
 * day `committed`, `used` and `ownKeyTokens` on the day's item, per owner and month the overage.
 */
export interface TokenLedger {
  /** The day's counters, read consistently (0 when none). */
  day(account: UsageAccount, day: string): Promise<DayCounter>;
  /** The owner's month's overage tokens so far (a team's: every member's). */
  monthOverage(ownerId: string, month: string): Promise<number>;
  /**
   * One conditional atomic update: ADD `committed` :estimate if `committed` is absent or at most
   * :maxCommittedBefore. False when the condition failed (nothing written).
   */
  reserve(account: UsageAccount, day: string, estimate: number, maxCommittedBefore: number): Promise<boolean>;
  /** ADD used :counted, committed :(counted - reserved), ownKeyTokens :ownKeyTokens; the day's `used` after. */
  settle(
    account: UsageAccount,
    day: string,
    change: { counted: number; reserved: number; ownKeyTokens: number },
  ): Promise<number>;
  /**
   * Books one call's overage on the owner's month (the counter, and a row the meter reporter bills
   * to the owner's Stripe customer; a team's row names the member).
   */
  addOverage(
    ownerId: string,
    month: string,
    entry: { id: string; tokens: number; at: number; memberId?: string },
  ): Promise<void>;
}

export interface TokenMeterDeps {
  plans: SpacePlans;
  ledger: TokenLedger;
  now: () => number;
  newId: () => string;
}

/** A reservation lost to a concurrent one is taken again from a fresh read, this often at most. */
const RESERVE_ATTEMPTS = 8;

interface SpacePlan {
  account: UsageAccount;
  plan: UserPlan;
}

/** A day's counter and the month's overage, as read for `day`. */
interface Counters {
  day: string;
  counter: DayCounter;
  monthOverage: number;
}

interface Grant extends Reservation {
  account: UsageAccount;
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
  else if (event.type === 'finish') {
    seen.usage = {
      inputTokens: (seen.usage?.inputTokens ?? 0) + event.usage.inputTokens,
      outputTokens: (seen.usage?.outputTokens ?? 0) + event.usage.outputTokens,
    };
  }
}

const held = (grant: Grant): Omit<HeldReservation, 'fromChar'> => ({
  account: grant.account,
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
  reservation: Omit<HeldReservation, 'fromChar'>,
  counted: number,
): Promise<void> {
  const { account } = reservation;
  const usedAfter = await deps.ledger.settle(account, reservation.day, {
    counted,
    reserved: reservation.estimate,
    ownKeyTokens: 0,
  });
  const overage = reservation.tier === 'free' ? 0 : overageOf(usedAfter, counted, reservation.allowance);
  if (overage > 0) {
    await deps.ledger.addOverage(account.ownerId, reservation.month, {
      id: deps.newId(),
      tokens: overage,
      at: deps.now(),
      ...(account.memberId ? { memberId: account.memberId } : {}),
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
 * (`ownKeyTokens`) and not limited (docs/decisions/billing.md, Plan limits). A call in a subscribed team's
 * space is on the team's plan, counters and overage cap, its overage billed to the team
 * (docs/decisions/billing.md, Hardening 4: team overage).
 */
export function createTokenMeter(deps: TokenMeterDeps) {
  const { ledger } = deps;

  /** The day's counter, then (only on a plan with overage) the month's: the month is never older than the day. */
  async function readCounters(
    space: SpacePlan,
    day: string,
    month: string,
    dayCounter: Promise<DayCounter> = ledger.day(space.account, day),
  ): Promise<Counters> {
    const counter = await dayCounter;
    const monthOverage = space.plan.overageAllowed
      ? await ledger.monthOverage(space.account.ownerId, month)
      : 0;
    return { day, counter, monthOverage };
  }

  /**
   * A team space's calls are the team's (its plan, its counters) when it has a plan; else the
   * user's. The first call's counters are read from now too (`counters`), alongside the stream's
   * other checks: the call then has only its conditional reservation to make.
   */
  async function accountOf(
    userId: string,
    teamSpace: Promise<string | undefined> | undefined,
  ): Promise<SpacePlan & { counters: Promise<Counters> }> {
    const { day, month } = calendar();
    // Most chats are personal: the user's plan and day are read while the conversation (its space)
    // is, not after it; a team space with a plan of its own leaves those reads unused.
    const ownPlan = deps.plans.ownPlanOf(userId);
    ownPlan.catch(() => undefined); // awaited below unless the team's plan applies
    const ownDay = ledger.day(personalAccount(userId), day);
    ownDay.catch(() => undefined); // likewise
    const teamId = await teamSpace;
    const teamPlan = teamId ? await deps.plans.teamPlanOf(userId, teamId) : undefined;
    const space =
      teamId && teamPlan
        ? { account: teamAccount(teamId, userId), plan: teamPlan }
        : { account: personalAccount(userId), plan: await ownPlan };
    const counters = readCounters(space, day, month, teamId && teamPlan ? undefined : ownDay);
    counters.catch(() => undefined); // awaited (and reported) by the first call
    return { ...space, counters };
  }

  const calendar = () => {
    const iso = new Date(deps.now()).toISOString();
    return { day: iso.slice(0, 10), month: iso.slice(0, 7) };
  };

  /**
   * The call's reservation: `first` counters (read ahead, for the first call), else fresh ones;
   * whichever they are, the conditional update is what holds the limit (a stale read only fails it,
   * and the next attempt reads again).
   */
  async function reserve(space: SpacePlan, request: ModelRequest, first?: Promise<Counters>): Promise<Grant> {
    const { account, plan } = space;
    const { day, month } = calendar();
    const promptTokens = estimatePromptTokens(request);
    const requestedOutput = request.maxOutputTokens ?? plan.limits.maxTokensPerRequest;
    let ahead = first;
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      const read = await ahead;
      ahead = undefined;
      // The day first: a settlement between the two reads can only make the ceiling lower.
      const { counter, monthOverage } =
        read && read.day === day ? read : await readCounters(space, day, month);
      const reservation = planReservation({
        plan,
        promptTokens,
        requestedOutput,
        day: counter,
        monthOverage,
      });
      if (await ledger.reserve(account, day, reservation.estimate, reservation.maxCommittedBefore)) {
        return { ...reservation, account, plan, day, month };
      }
    }
    throw noRoomLeft(plan);
  }

  const settle = (grant: Grant, seen: Observed) =>
    settleReservation(deps, held(grant), countedTokens(grant, seen.usage, seen.streamedChars));

  async function* metered(
    userId: string,
    spacePlan: Promise<SpacePlan & { counters: Promise<Counters> }>,
    provider: ModelProvider,
    request: ModelRequest,
    first: boolean,
  ): AsyncGenerator<ModelStreamEvent> {
    const space = await spacePlan;
    const grant = await reserve(space, request, first ? space.counters : undefined);
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
        await settle(grant, seen);
      })().catch((error: unknown) =>
        // The reservation stays on the day's counter: the user is refused early, never overspends.
        logger.error('A model call could not be settled', { userId, day: grant.day, error }),
      );
    }
  }

  async function* ownKey(
    account: UsageAccount,
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
          .settle(account, day, { counted: 0, reserved: 0, ownKeyTokens: tokens })
          .catch((error: unknown) =>
            logger.error('Own-key tokens could not be recorded', { ownerId: account.ownerId, error }),
          );
      }
    }
  }

  return {
    /**
     * The provider, metered for this user. `ownKey` when it runs on a provider key or endpoint (the
     * user's own, recorded on them; a team's, `keyTeamId`, recorded on the team per member);
     * `teamSpace` resolves to the team whose space the conversation is in (read alongside).
     */
    meter(
      userId: string,
      provider: ModelProvider,
      options: { ownKey: boolean; keyTeamId?: string; teamSpace?: Promise<string | undefined> },
    ): ModelProvider {
      const keyAccount = options.keyTeamId ? teamAccount(options.keyTeamId, userId) : personalAccount(userId);
      // Whose plan the calls are on, read once for all of them (a reply's tool rounds, a step's
      // calls) and from now, alongside the stream's other checks rather than before the first call.
      const spacePlan = options.ownKey ? undefined : accountOf(userId, options.teamSpace);
      spacePlan?.catch(() => undefined); // awaited (and reported) by the first call
      let calls = 0;
      return {
        id: provider.id,
        stream: (request) =>
          spacePlan
            ? metered(userId, spacePlan, provider, request, calls++ === 0)
            : ownKey(keyAccount, provider, request),
        listModels: () => provider.listModels(),
        validate: () => provider.validate(),
      };
    },
  };
}
export type TokenMeter = ReturnType<typeof createTokenMeter>;
