export const SUBSCRIPTION_TIERS = ['free', 'pro', 'teams', 'enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
/** Tiers a user can buy through checkout (Free needs no checkout, Enterprise is contact-only). */
export const CHECKOUT_TIERS = ['pro', 'teams'] as const;
export type CheckoutTier = (typeof CHECKOUT_TIERS)[number];

/** A plan card on the pricing page, as section 9 of the spec lists them. */
export interface PricingPlan {
  readonly id: SubscriptionTier;
  readonly name: string;
  /** Monthly price in USD (per user for Teams); null when custom. */
  readonly priceUsd: number | null;
  readonly priceLabel: string;
  /** Tokens per day (per user for Teams); null when custom. */
  readonly tokensPerDay: number | null;
  readonly tokensLabel: string;
  /** Number of projects; null when unlimited or custom. */
  readonly projects: number | null;
  readonly projectsLabel: string;
  readonly perUser: boolean;
  readonly contactOnly: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    priceLabel: '$0',
    tokensPerDay: 100,
    tokensLabel: '100 tokens per day',
    projects: 1,
    projectsLabel: '1 project',
    perUser: false,
    contactOnly: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    priceUsd: 25,
    priceLabel: '$25/month',
    tokensPerDay: 10_000,
    tokensLabel: '10,000 tokens per day',
    projects: 10,
    projectsLabel: '10 projects',
    perUser: false,
    contactOnly: false,
  },
  {
    id: 'teams',
    name: 'Teams',
    priceUsd: 40,
    priceLabel: '$40/user/month',
    tokensPerDay: 50_000,
    tokensLabel: '50,000 tokens per user per day',
    projects: null,
    projectsLabel: 'unlimited projects',
    perUser: true,
    contactOnly: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    priceLabel: 'custom',
    tokensPerDay: null,
    tokensLabel: 'contact only',
    projects: null,
    projectsLabel: 'contact only',
    perUser: false,
    contactOnly: true,
  },
];

/** Plans a user can pick; Enterprise is contact-only and hidden from them. */
export const SELECTABLE_PLANS: readonly PricingPlan[] = PRICING_PLANS.filter((plan) => !plan.contactOnly);

export const EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS = 0.01;
export const EXTRA_USAGE_NOTE = 'Extra tokens cost $0.01 per 1000 tokens.';

/** What the server enforces per plan before work starts (per user for Teams). */
export interface PlanLimits {
  readonly maxConcurrentServers: number;
  /** Upper bound for a server's idle timeout. */
  readonly serverTimeoutMinutes: number;
  readonly monthlyComputeHours: number;
  readonly monthlyTokenLimit: number;
  readonly maxTokensPerRequest: number;
  readonly tokensPerDay: number;
  /** null: unlimited. */
  readonly maxProjects: number | null;
}

/**
 * tokensPerDay and maxProjects come from the spec's plan table. The other numbers are product
 * decisions (the spec names the limits but not their values): monthlyTokenLimit is 30 days of the
 * daily allowance; serverTimeoutMinutes is never below the form's default idle timeout (30); the
 * Enterprise values are defaults until a contract sets others.
 */
export const PLAN_LIMITS: Readonly<Record<SubscriptionTier, PlanLimits>> = {
  free: {
    maxConcurrentServers: 1,
    serverTimeoutMinutes: 30,
    monthlyComputeHours: 10,
    monthlyTokenLimit: 3_000,
    maxTokensPerRequest: 100,
    tokensPerDay: 100,
    maxProjects: 1,
  },
  pro: {
    maxConcurrentServers: 3,
    serverTimeoutMinutes: 60,
    monthlyComputeHours: 100,
    monthlyTokenLimit: 300_000,
    maxTokensPerRequest: 4_096,
    tokensPerDay: 10_000,
    maxProjects: 10,
  },
  teams: {
    maxConcurrentServers: 10,
    serverTimeoutMinutes: 120,
    monthlyComputeHours: 300,
    monthlyTokenLimit: 1_500_000,
    maxTokensPerRequest: 8_192,
    tokensPerDay: 50_000,
    maxProjects: null,
  },
  enterprise: {
    maxConcurrentServers: 25,
    serverTimeoutMinutes: 240,
    monthlyComputeHours: 1_000,
    monthlyTokenLimit: 6_000_000,
    maxTokensPerRequest: 8_192,
    tokensPerDay: 200_000,
    maxProjects: null,
  },
};

export function isPaidTier(tier: SubscriptionTier): boolean {
  return tier !== 'free';
}

/** A first-time Pro subscriber's free trial (Stripe `trial_period_days`), shown through `trialInfo`. */
export const PRO_TRIAL_DAYS = 14;

/** Automations a plan allows (issue 32); per user for Teams. Product decisions, not the spec's. */
export interface AutomationLimits {
  readonly maxAutomations: number;
  readonly runsPerDay: number;
  /** The shortest schedule interval, in minutes (EventBridge Scheduler's own floor is 1). */
  readonly minScheduleMinutes: number;
}

export const AUTOMATION_LIMITS: Readonly<Record<SubscriptionTier, AutomationLimits>> = {
  free: { maxAutomations: 2, runsPerDay: 5, minScheduleMinutes: 60 },
  pro: { maxAutomations: 20, runsPerDay: 200, minScheduleMinutes: 1 },
  teams: { maxAutomations: 50, runsPerDay: 500, minScheduleMinutes: 1 },
  enterprise: { maxAutomations: 200, runsPerDay: 2_000, minScheduleMinutes: 1 },
};

/** Knowledge a plan allows (issue 33); a team's collections count against the team's plan. */
export interface KnowledgeLimits {
  readonly maxCollections: number;
  readonly maxFilesPerCollection: number;
  /** All the owner's uploaded files together, in MB. */
  readonly maxTotalMb: number;
}

export const KNOWLEDGE_LIMITS: Readonly<Record<SubscriptionTier, KnowledgeLimits>> = {
  free: { maxCollections: 2, maxFilesPerCollection: 20, maxTotalMb: 50 },
  pro: { maxCollections: 25, maxFilesPerCollection: 500, maxTotalMb: 2_000 },
  teams: { maxCollections: 100, maxFilesPerCollection: 1_000, maxTotalMb: 10_000 },
  enterprise: { maxCollections: 1_000, maxFilesPerCollection: 5_000, maxTotalMb: 100_000 },
};
