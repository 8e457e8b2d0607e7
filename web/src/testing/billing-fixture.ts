import {
  planOf,
  type SubscriptionResponse,
  type SubscriptionTier,
  type UsageHistory,
} from '@agentforge/shared';

/** GET /subscriptions' body for `tier` (active, renewing on 2026-12-23), with `patch` over its subscription. */
export function subscriptionOf(
  tier: SubscriptionTier,
  patch: Partial<SubscriptionResponse['subscription']> = {},
  usage: Partial<SubscriptionResponse['usage']> = {},
): SubscriptionResponse {
  const paid = tier !== 'free';
  return {
    subscription: {
      tier,
      isPaid: paid,
      status: 'active',
      currentPeriodEnd: paid ? '2026-12-23T12:00:00.000Z' : null,
      cancelAtPeriodEnd: false,
      trialInfo: { isApplicable: false, message: '' },
      ...patch,
    },
    usage: {
      tokens: { used: 2_500, limit: 10_000, remaining: 7_500, percentage: 25 },
      compute: { usedMinutes: 75, limitHours: 100, remainingMinutes: 5_925, percentage: 1.25 },
      servers: { active: 1, limit: 3 },
      ...usage,
    },
  };
}

/** GET /subscriptions/plans */
export const PLANS = (['free', 'pro', 'teams', 'enterprise'] as const).map(planOf);

/** GET /subscriptions/usage: 30 days, 100 tokens a day on the platform and 10 on the user's keys. */
export function usageHistory(patch: Partial<UsageHistory> = {}): UsageHistory {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    tokens: 100,
    ownKeyTokens: 10,
  }));
  return {
    days,
    compute: { usedMinutes: 75, limitHours: 100 },
    overage: { tokens: 0, usd: 0, capUsd: 10 },
    ...patch,
  };
}
