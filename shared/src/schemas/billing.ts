import * as z from 'zod/mini';
import {
  CHECKOUT_TIERS,
  PLAN_LIMITS,
  PRICING_PLANS,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from '../constants/plans';

/** Stripe's subscription statuses; a user without a paid subscription is 'active' on Free. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const count = z.number().check(z.nonnegative());
const percentage = z.number().check(z.gte(0), z.lte(100));

/** GET /subscriptions */
export const subscriptionResponseSchema = z.object({
  subscription: z.object({
    tier: z.enum(SUBSCRIPTION_TIERS),
    isPaid: z.boolean(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** ISO time; null on Free. */
    currentPeriodEnd: z.nullable(z.iso.datetime()),
    cancelAtPeriodEnd: z.boolean(),
    trialInfo: z.object({ isApplicable: z.boolean(), message: z.string() }),
  }),
  usage: z.object({
    tokens: z.object({ used: count, limit: count, remaining: count, percentage }),
    compute: z.object({ usedMinutes: count, limitHours: count, remainingMinutes: count, percentage }),
    servers: z.object({ active: count, limit: count }),
  }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const planFeaturesSchema = z.object({
  maxConcurrentServers: count,
  serverTimeoutMinutes: count,
  monthlyComputeHours: count,
  monthlyTokenLimit: count,
  maxTokensPerRequest: count,
});
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** An entry of GET /subscriptions/plans. */
export const planSchema = z.object({
  id: z.enum(SUBSCRIPTION_TIERS),
  name: z.string(),
  /** Monthly price in USD; null when custom. */
  price: z.nullable(z.number().check(z.nonnegative())),
  features: planFeaturesSchema,
});
export type Plan = z.infer<typeof planSchema>;

export function planOf(tier: SubscriptionTier): Plan {
  const card = PRICING_PLANS.find((plan) => plan.id === tier);
  const {
    maxConcurrentServers,
    serverTimeoutMinutes,
    monthlyComputeHours,
    monthlyTokenLimit,
    maxTokensPerRequest,
  } = PLAN_LIMITS[tier];
  return {
    id: tier,
    name: card?.name ?? tier,
    price: card?.priceUsd ?? null,
    features: {
      maxConcurrentServers,
      serverTimeoutMinutes,
      monthlyComputeHours,
      monthlyTokenLimit,
      maxTokensPerRequest,
    },
  };
}

/** POST /subscriptions/checkout */
export const checkoutBodySchema = z.object({
  tier: z.enum(CHECKOUT_TIERS),
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResponseSchema = z.object({ url: z.url() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /subscriptions/cancel: the subscription runs until this ISO time. */
export const cancelSubscriptionResponseSchema = z.object({ currentPeriodEnd: z.iso.datetime() });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

/** POST /subscriptions/portal: Stripe's Customer Portal (payment methods, invoices), back to `returnUrl`. */
export const portalBodySchema = z.object({ returnUrl: z.url({ protocol: /^https?$/ }) });
export type PortalBody = z.infer<typeof portalBodySchema>;
export const portalResponseSchema = z.object({ url: z.url() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/**
 * POST /subscriptions/sync (the success page, with the checkout session's id when it has one) and
 * POST /subscriptions/resume (undo a pending cancellation) answer with GET /subscriptions' body.
 */
export const syncSubscriptionBodySchema = z.object({
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
});
export type SyncSubscriptionBody = z.infer<typeof syncSubscriptionBodySchema>;

/** The overage a paid plan may run up in a month past its allowance, in USD (default 10). */
export const DEFAULT_OVERAGE_CAP_USD = 10;
export const MAX_OVERAGE_CAP_USD = 1000;
/** PUT /subscriptions/overage-cap */
export const overageCapBodySchema = z.object({
  capUsd: z.number().check(z.int(), z.gte(0), z.lte(MAX_OVERAGE_CAP_USD)),
});
export type OverageCapBody = z.infer<typeof overageCapBodySchema>;

/** GET /subscriptions/usage: tokens per UTC day for the last 30 days and this month's compute. */
export const USAGE_HISTORY_DAYS = 30;
export const usageHistorySchema = z.object({
  days: z.array(
    z.object({
      /** `YYYY-MM-DD` (UTC), oldest first, every day present (0 when none were used). */
      date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      tokens: count,
      /** Tokens on the user's own API keys (recorded, not limited). */
      ownKeyTokens: count,
    }),
  ),
  compute: z.object({ usedMinutes: count, limitHours: count }),
  /** This month's overage on a paid plan, and its cap. */
  overage: z.object({ tokens: count, usd: count, capUsd: count }),
});
export type UsageHistory = z.infer<typeof usageHistorySchema>;
