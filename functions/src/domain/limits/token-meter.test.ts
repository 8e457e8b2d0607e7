import { LIMIT_MESSAGES, PLAN_LIMIT_ERROR_CODE, PLAN_LIMITS } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import type { ModelProvider, ModelStreamEvent } from '../models/model-provider.js';
import { type BillingSnapshot, planFromBilling } from './plan.js';
import { withReservationHolder } from './reservation-holder.js';
import type { DayCounter } from './token-budget.js';
import { createTokenMeter, type TokenLedger } from './token-meter.js';
import { teamAccount, type UsageAccount } from './usage-account.js';

const NOW = Date.UTC(2026, 10, 23, 12);

/** The ledger's semantics in memory, each operation atomic, with a pause before each write (interleaving). */
function memoryLedger() {
  const days = new Map<string, DayCounter & { ownKeyTokens: number }>();
  const overage = new Map<string, number>();
  const rows: { owner: string; month: string; id: string; tokens: number; memberId?: string }[] = [];
  const dayOf = (account: UsageAccount | string, day: string) => {
    const { ownerId, memberId } = typeof account === 'string' ? { ownerId: account, memberId: '' } : account;
    const key = `${ownerId}#${day}${memberId ? `#${memberId}` : ''}`;
    let counter = days.get(key);
    if (!counter) {
      counter = { committed: 0, used: 0, ownKeyTokens: 0 };
      days.set(key, counter);
    }
    return counter;
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const ledger: TokenLedger = {
    async day(userId, day) {
      const { committed, used } = dayOf(userId, day);
      return { committed, used };
    },
    monthOverage: async (userId, month) => overage.get(`${userId}#${month}`) ?? 0,
    async reserve(userId, day, estimate, max) {
      await tick();
      const counter = dayOf(userId, day);
      if (counter.committed > max) return false;
      counter.committed += estimate;
      return true;
    },
    async settle(userId, day, { counted, reserved, ownKeyTokens }) {
      await tick();
      const counter = dayOf(userId, day);
      counter.used += counted;
      counter.committed += counted - reserved;
      counter.ownKeyTokens += ownKeyTokens;
      return counter.used;
    },
    async addOverage(userId, month, { id, tokens, memberId }) {
      overage.set(`${userId}#${month}`, (overage.get(`${userId}#${month}`) ?? 0) + tokens);
      rows.push({ owner: userId, month, id, tokens, ...(memberId ? { memberId } : {}) });
    },
  };
  return {
    ledger,
    days,
    overage,
    rows,
    day: (account: UsageAccount | string) => dayOf(account, '2026-11-23'),
  };
}

/** `billing` is every user's own record; `teams` the subscribed teams' records, and `u1` is in each. */
function meterFor(billing?: BillingSnapshot, teams: Record<string, BillingSnapshot> = {}) {
  const memory = memoryLedger();
  let id = 0;
  const meter = createTokenMeter({
    plans: {
      ownPlanOf: async () => planFromBilling(billing),
      teamPlanOf: async (userId, teamId) => {
        const team = teams[teamId];
        return userId === 'u1' && team ? { ...planFromBilling(team), team: true } : undefined;
      },
    },
    ledger: memory.ledger,
    now: () => NOW,
    newId: () => `row-${++id}`,
  });
  return { meter, ...memory };
}

/** A provider answering every call with `outputTokens` words and the prompt's stated usage. */
function wordsModel(outputTokens: number, inputTokens = 10): ModelProvider & { calls: number } {
  const model = {
    id: 'bedrock' as const,
    calls: 0,
    async *stream(request: { maxOutputTokens?: number }): AsyncIterable<ModelStreamEvent> {
      model.calls++;
      const n = Math.min(outputTokens, request.maxOutputTokens ?? outputTokens);
      for (let i = 0; i < n; i++) yield { type: 'text-delta', text: ' w' };
      yield { type: 'finish', reason: 'stop', usage: { inputTokens, outputTokens: n } };
    },
    listModels: async () => [],
    validate: async () => undefined,
  };
  return model;
}

const ask = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], maxOutputTokens: 20 };

async function drain(provider: ModelProvider, request = ask): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of provider.stream(request)) events.push(event);
  return events;
}

describe('the token meter', () => {
  it('reads the plan once per metered provider, as soon as it is made, for all of its calls', async () => {
    const reads: string[] = [];
    const meter = createTokenMeter({
      plans: {
        ownPlanOf: async (userId) => {
          reads.push(userId);
          return planFromBilling({ tier: 'pro', status: 'active' });
        },
        teamPlanOf: async () => undefined,
      },
      ledger: memoryLedger().ledger,
      now: () => NOW,
      newId: () => 'row',
    });
    const provider = meter.meter('u1', wordsModel(3), { ownKey: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toEqual(['u1']); // read alongside the stream's other checks, before any call
    await drain(provider);
    await drain(provider); // a tool round: the same reply's second call
    expect(reads).toEqual(['u1']);
  });

  it("reads the user's own plan alongside the conversation's space, not after it", async () => {
    const reads: string[] = [];
    const meter = createTokenMeter({
      plans: {
        ownPlanOf: async (userId) => {
          reads.push(userId);
          return planFromBilling({ tier: 'pro', status: 'active' });
        },
        teamPlanOf: async () => undefined,
      },
      ledger: memoryLedger().ledger,
      now: () => NOW,
      newId: () => 'row',
    });
    // The conversation (and so its space) is still being read.
    let spaceRead: (teamId: string | undefined) => void = () => undefined;
    const teamSpace = new Promise<string | undefined>((resolve) => {
      spaceRead = resolve;
    });
    const provider = meter.meter('u1', wordsModel(3), { ownKey: false, teamSpace });
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toEqual(['u1']);
    spaceRead(undefined);
    await drain(provider);
    expect(reads).toEqual(['u1']);
  });

  it("reads the first call's counters ahead, alongside the checks: the call itself only reserves", async () => {
    const memory = memoryLedger();
    const operations: string[] = [];
    const traced = Object.fromEntries(
      Object.entries(memory.ledger).map(([name, operation]) => [
        name,
        (...args: unknown[]) => {
          operations.push(name);
          return (operation as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    ) as unknown as TokenLedger;
    const meter = createTokenMeter({
      plans: {
        ownPlanOf: async () => planFromBilling({ tier: 'pro', status: 'active' }),
        teamPlanOf: async () => undefined,
      },
      ledger: traced,
      now: () => NOW,
      newId: () => 'row',
    });
    const provider = meter.meter('u1', wordsModel(3), {
      ownKey: false,
      teamSpace: Promise.resolve(undefined),
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Pro allows overage: the month is read too, after the day.
    expect(operations).toEqual(['day', 'monthOverage']);
    operations.length = 0;
    await drain(provider);
    expect(operations).toEqual(['reserve', 'settle']);
    operations.length = 0;
    await drain(provider); // a later call of the reply reads afresh
    expect(operations).toEqual(['day', 'monthOverage', 'reserve', 'settle']);
  });

  it('reads again when the counters read ahead are stale: the conditional update still holds the day', async () => {
    const { meter, day } = meterFor();
    const first = meter.meter('u1', wordsModel(5), { ownKey: false });
    await new Promise((resolve) => setImmediate(resolve));
    // Another reply spends nearly all of Free's day after the first one's counters were read.
    day('u1').committed = PLAN_LIMITS.free.tokensPerDay - 15;
    const events = await drain(first);
    expect(events.at(-1)?.type).toBe('finish');
    expect(day('u1').committed).toBeLessThanOrEqual(PLAN_LIMITS.free.tokensPerDay);
    const capped = events.filter((event) => event.type === 'text-delta').length;
    expect(capped).toBe(3); // capped to the room the fresh read found (15 less a 12-token prompt)
  });

  it('reserves before the call and settles to the usage after it', async () => {
    const { meter, day } = meterFor();
    const model = wordsModel(5);
    await drain(meter.meter('u1', model, { ownKey: false }));
    expect(day('u1')).toEqual({ committed: 15, used: 15, ownKeyTokens: 0 });
  });

  it('never lets twenty concurrent calls spend past Free’s day', async () => {
    const { meter, day } = meterFor();
    const model = wordsModel(20);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => drain(meter.meter('u1', model, { ownKey: false }))),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: PLAN_LIMIT_ERROR_CODE,
        message: LIMIT_MESSAGES.dailyTokens(100, 'Free'),
      });
    }
    expect(model.calls).toBe(20 - refused.length);
    expect(day('u1').used).toBeLessThanOrEqual(100);
    expect(day('u1').committed).toBe(day('u1').used);
  });

  it('settles a call that broke off to its prompt and streamed output, and one that failed at once to nothing', async () => {
    const { meter, day } = meterFor({ tier: 'pro', status: 'active' });
    const { provider } = scriptedModel([
      async function* () {
        yield { type: 'text-delta', text: 'abcdefgh' };
        throw new Error('connection reset');
      },
      // biome-ignore lint/correctness/useYield: fails before any output
      async function* () {
        throw new Error('unavailable');
      },
    ]);
    const metered = meter.meter('u1', provider, { ownKey: false });
    await expect(drain(metered)).rejects.toThrow('connection reset');
    const broken = day('u1');
    expect(broken.committed).toBe(broken.used);
    expect(broken.used).toBeGreaterThan(2); // the prompt's estimate + 8 characters / 4
    await expect(drain(metered)).rejects.toThrow('unavailable');
    expect(day('u1')).toMatchObject({ committed: broken.used, used: broken.used });
  });

  it('settles when the consumer stops reading (a stop or a disconnect)', async () => {
    const { meter, day } = meterFor({ tier: 'pro', status: 'active' });
    const model = wordsModel(100);
    for await (const event of meter
      .meter('u1', model, { ownKey: false })
      .stream({ ...ask, maxOutputTokens: 200 })) {
      if (event.type === 'text-delta') break;
    }
    expect(day('u1').committed).toBe(day('u1').used);
    expect(day('u1').used).toBeGreaterThan(0);
    expect(day('u1').used).toBeLessThan(100);
  });

  it('books a paid plan’s overage past the allowance, one ledger row per call', async () => {
    const { meter, days, overage, rows } = meterFor({ tier: 'pro', status: 'active' });
    days.set('u1#2026-11-23', { committed: 9_990, used: 9_990, ownKeyTokens: 0 });
    await drain(meter.meter('u1', wordsModel(20), { ownKey: false }), { ...ask, maxOutputTokens: 50 });
    expect(days.get('u1#2026-11-23')?.used).toBe(9_990 + 30);
    expect(overage.get('u1#2026-11')).toBe(20);
    expect(rows).toEqual([{ owner: 'u1', month: '2026-11', id: 'row-1', tokens: 20 }]);
  });

  it('puts a team space’s calls on the team: its plan, the member’s counter, its overage and cap', async () => {
    const { meter, days, overage, rows, day } = meterFor(
      { tier: 'pro', status: 'active' },
      { t1: { tier: 'teams', status: 'active', overageCapUsd: 1 } },
    );
    const allowance = PLAN_LIMITS.teams.tokensPerDay;
    days.set('team#t1#2026-11-23#u1', { committed: allowance - 10, used: allowance - 10, ownKeyTokens: 0 });
    const inTeam = { ownKey: false, teamSpace: Promise.resolve('t1') };
    await drain(meter.meter('u1', wordsModel(20), inTeam), { ...ask, maxOutputTokens: 50 });
    expect(day(teamAccount('t1', 'u1')).used).toBe(allowance + 20);
    expect(rows).toEqual([{ owner: 'team#t1', memberId: 'u1', month: '2026-11', id: 'row-1', tokens: 20 }]);
    // The member's own counters and overage are untouched: personal usage stays personal.
    expect(day('u1')).toEqual({ committed: 0, used: 0, ownKeyTokens: 0 });
    expect(overage.get('u1#2026-11')).toBeUndefined();
    await drain(meter.meter('u1', wordsModel(20), { ownKey: false }), { ...ask, maxOutputTokens: 50 });
    expect(day('u1').used).toBe(30);
    expect(rows).toHaveLength(1);

    // Past the team's cap ($1: 100,000 tokens), the team space is refused with the team's message.
    overage.set('team#t1#2026-11', 100_000);
    await expect(drain(meter.meter('u1', wordsModel(20), inTeam))).rejects.toMatchObject({
      code: PLAN_LIMIT_ERROR_CODE,
      message: LIMIT_MESSAGES.teamOverageCap(1),
    });
  });

  it('keeps a team space without a paid plan (or of a non-member) on the user’s own plan', async () => {
    const { meter, day } = meterFor({ tier: 'pro', status: 'active' });
    await drain(meter.meter('u1', wordsModel(5), { ownKey: false, teamSpace: Promise.resolve('t1') }));
    expect(day('u1').used).toBe(15);
    expect(day(teamAccount('t1', 'u1')).used).toBe(0);
  });

  it('records a team key’s tokens on the team, per member', async () => {
    const { meter, day } = meterFor();
    await drain(meter.meter('u1', wordsModel(5), { ownKey: true, keyTeamId: 't1' }));
    expect(day(teamAccount('t1', 'u1')).ownKeyTokens).toBe(15);
    expect(day('u1').ownKeyTokens).toBe(0);
  });

  it('records own-key calls as ownKeyTokens, unlimited and uncounted', async () => {
    const { meter, days } = meterFor();
    days.set('u1#2026-11-23', { committed: 100, used: 100, ownKeyTokens: 0 });
    const model = wordsModel(500);
    await drain(meter.meter('u1', model, { ownKey: true }), { ...ask, maxOutputTokens: 1_000 });
    expect(days.get('u1#2026-11-23')).toEqual({ committed: 100, used: 100, ownKeyTokens: 510 });
  });

  it('passes the output cap to the provider', async () => {
    const { meter } = meterFor();
    const { provider, requests } = scriptedModel([() => textTurn('ok')]);
    await drain(meter.meter('u1', provider, { ownKey: false }), { ...ask, maxOutputTokens: 4_096 });
    expect(requests[0]?.maxOutputTokens).toBeLessThan(100);
  });
});

describe('a reservation held on a reply’s lease', () => {
  const holder = (released: boolean) => {
    const held: string[] = [];
    return {
      held,
      holder: {
        hold: (id: string) => void held.push(id),
        release: async () => released,
      },
    };
  };

  it('is recorded when reserved and settled by the call when the call takes it back', async () => {
    const { meter, day } = meterFor();
    const lease = holder(true);
    await withReservationHolder(lease.holder, () =>
      drain(meter.meter('u1', wordsModel(5), { ownKey: false })),
    );
    expect(lease.held).toHaveLength(1);
    expect(day('u1')).toEqual({ committed: 15, used: 15, ownKeyTokens: 0 });
  });

  it('is not settled again by a call that finds the sweep settled it', async () => {
    const { meter, day } = meterFor();
    await withReservationHolder(holder(false).holder, () =>
      drain(meter.meter('u1', wordsModel(5), { ownKey: false })),
    );
    // Reserved (prompt estimate + the 20 asked for), left for the sweep's settlement.
    expect(day('u1').used).toBe(0);
    expect(day('u1').committed).toBeGreaterThan(20);
  });
});
