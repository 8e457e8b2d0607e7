import { LIMIT_MESSAGES, PLAN_LIMIT_ERROR_CODE, PLAN_LIMITS } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { PlanLimitError } from '../errors.js';
import { planFromBilling } from './plan.js';
import {
  countedTokens,
  dayCeiling,
  estimatePromptTokens,
  IMAGE_TOKENS,
  overageCapTokens,
  overageOf,
  planReservation,
  TOKENS_PER_MESSAGE,
} from './token-budget.js';

const free = planFromBilling(undefined);
const pro = planFromBilling({ tier: 'pro', status: 'active', overageCapUsd: 1 });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

describe('planFromBilling', () => {
  it('is Free without a record, with an unknown tier, or when the subscription lapsed', () => {
    expect(free).toMatchObject({ tier: 'free', name: 'Free', overageAllowed: false });
    expect(planFromBilling({ tier: 'gold' }).tier).toBe('free');
    for (const status of ['canceled', 'unpaid', 'incomplete_expired']) {
      expect(planFromBilling({ tier: 'pro', status }).tier).toBe('free');
    }
  });

  it('follows a paid tier; past_due keeps the limits and disables overage; the cap defaults to $10', () => {
    expect(planFromBilling({ tier: 'teams', status: 'trialing' })).toMatchObject({
      tier: 'teams',
      limits: PLAN_LIMITS.teams,
      overageAllowed: true,
      overageCapUsd: 10,
    });
    expect(planFromBilling({ tier: 'pro', status: 'past_due' })).toMatchObject({
      tier: 'pro',
      overageAllowed: false,
    });
    expect(pro.overageCapUsd).toBe(1);
  });
});

describe('estimatePromptTokens', () => {
  it('counts characters over 4, a fixed cost per message and per image, and the tool schemas', () => {
    const text = 'x'.repeat(400);
    const one = estimatePromptTokens({ messages: [{ role: 'user', content: text }] });
    expect(one).toBe(
      TOKENS_PER_MESSAGE + Math.ceil(JSON.stringify({ role: 'user', content: text }).length / 4),
    );
    const withImage = estimatePromptTokens({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text },
            { type: 'image', mediaType: 'image/png', data: new Uint8Array(1_000_000) },
          ],
        },
      ],
    });
    expect(withImage).toBe(TOKENS_PER_MESSAGE + IMAGE_TOKENS + Math.ceil((text.length + 2) / 4));
    const tools = [{ name: 'echo', inputSchema: { type: 'object' } }];
    expect(
      estimatePromptTokens({ system: 'y'.repeat(40), messages: [{ role: 'user', content: text }], tools }),
    ).toBeGreaterThan(one + 10);
  });
});

describe('planReservation', () => {
  const day = { committed: 0, used: 0 };

  it('refuses a prompt above the plan’s maxTokensPerRequest', () => {
    const error = refusal(() =>
      planReservation({ plan: free, promptTokens: 101, requestedOutput: 10, day, monthOverage: 0 }),
    );
    expect(error).toBeInstanceOf(PlanLimitError);
    expect(error).toMatchObject({
      code: PLAN_LIMIT_ERROR_CODE,
      message: LIMIT_MESSAGES.promptTooLarge(100, 'Free'),
    });
  });

  it('caps the output to the plan and to what is left of the day, and reserves prompt + cap', () => {
    expect(
      planReservation({ plan: free, promptTokens: 30, requestedOutput: 4096, day, monthOverage: 0 }),
    ).toEqual({ promptTokens: 30, outputCap: 70, estimate: 100, maxCommittedBefore: 0 });
    expect(
      planReservation({
        plan: free,
        promptTokens: 30,
        requestedOutput: 4096,
        day: { committed: 60, used: 60 },
        monthOverage: 0,
      }),
    ).toEqual({ promptTokens: 30, outputCap: 10, estimate: 40, maxCommittedBefore: 60 });
    expect(
      planReservation({ plan: pro, promptTokens: 30, requestedOutput: 10_000, day, monthOverage: 0 })
        .outputCap,
    ).toBe(PLAN_LIMITS.pro.maxTokensPerRequest);
  });

  it('refuses Free with the daily message once nothing is left', () => {
    const error = refusal(() =>
      planReservation({
        plan: free,
        promptTokens: 20,
        requestedOutput: 10,
        day: { committed: 80, used: 80 },
        monthOverage: 0,
      }),
    );
    expect(error).toMatchObject({ message: LIMIT_MESSAGES.dailyTokens(100, 'Free') });
  });

  it('lets a paid plan go past the allowance up to the month’s overage cap, then refuses with the cap message', () => {
    const allowance = PLAN_LIMITS.pro.tokensPerDay;
    const capTokens = overageCapTokens(1);
    expect(capTokens).toBe(100_000);
    // Earlier days used 40,000 of the cap; today is 5,000 over already (in the month's counter too).
    const today = { committed: allowance + 5_000, used: allowance + 5_000 };
    expect(dayCeiling(pro, today, 45_000)).toBe(allowance + capTokens - 40_000);
    const reservation = planReservation({
      plan: pro,
      promptTokens: 100,
      requestedOutput: 4096,
      day: today,
      monthOverage: 45_000,
    });
    expect(reservation.maxCommittedBefore).toBe(allowance + 60_000 - reservation.estimate);
    const error = refusal(() =>
      planReservation({
        plan: pro,
        promptTokens: 100,
        requestedOutput: 10,
        day: { committed: allowance + 60_000, used: allowance + 60_000 },
        monthOverage: 100_000,
      }),
    );
    expect(error).toMatchObject({ code: PLAN_LIMIT_ERROR_CODE, message: LIMIT_MESSAGES.overageCap(1) });
  });

  it('keeps a past-due plan within its allowance, with the daily message', () => {
    const pastDue = planFromBilling({ tier: 'pro', status: 'past_due' });
    const error = refusal(() =>
      planReservation({
        plan: pastDue,
        promptTokens: 10,
        requestedOutput: 10,
        day: { committed: 10_000, used: 10_000 },
        monthOverage: 0,
      }),
    );
    expect(error).toMatchObject({ message: LIMIT_MESSAGES.dailyTokens(10_000, 'Pro') });
  });
});

describe('settlement', () => {
  const reservation = { promptTokens: 30, estimate: 100 };

  it('counts the provider’s usage, never above the reservation', () => {
    expect(countedTokens(reservation, { inputTokens: 25, outputTokens: 40 }, 0)).toBe(65);
    expect(countedTokens(reservation, { inputTokens: 60, outputTokens: 70 }, 0)).toBe(100);
  });

  it('without usage (stopped, broken off) counts the prompt and the streamed characters; nothing when nothing came', () => {
    expect(countedTokens(reservation, undefined, 41)).toBe(30 + 11);
    expect(countedTokens(reservation, undefined, 0)).toBe(0);
  });

  it('splits the overage exactly between concurrent settlements', () => {
    const allowance = 100;
    // Three calls of 40 settle in some order: the day's used goes 40, 80, 120.
    const shares = [40, 80, 120].map((usedAfter) => overageOf(usedAfter, 40, allowance));
    expect(shares).toEqual([0, 0, 20]);
    // A call straddling the allowance pays only for its part beyond it.
    expect(overageOf(130, 50, allowance)).toBe(30);
    expect(overageOf(300, 50, allowance)).toBe(50);
    // Any order of settlements adds up to what lies past the allowance.
    const counted = [30, 50, 70, 20];
    let used = 0;
    let total = 0;
    for (const c of counted) {
      used += c;
      total += overageOf(used, c, allowance);
    }
    expect(total).toBe(used - allowance);
  });
});
