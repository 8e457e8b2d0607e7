import {
  DEFAULT_OVERAGE_CAP_USD,
  PLAN_LIMITS,
  type PlanLimits,
  PRICING_PLANS,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from '@agentforge/shared';

/** The plan a user's limits follow, from their billing record. */
export interface UserPlan {
  tier: SubscriptionTier;
  /** The plan's name as the pricing page shows it (for the limit messages). */
  name: string;
  limits: PlanLimits;
  /** Whether the day's allowance may be exceeded, billed as overage (paid plans not past due). */
  overageAllowed: boolean;
  /** This month's overage may cost at most this much (USD). */
  overageCapUsd: number;
  /** A team's plan (a team space): the cap is the team's, which its Admins set. */
  team?: true;
}

/** The billing record's attributes the limits read (the billing table, key userId). */
export interface BillingSnapshot {
  tier?: unknown;
  status?: unknown;
  overageCapUsd?: unknown;
}

/** Stripe statuses that no longer pay for a plan: the user is on Free. */
const LAPSED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/**
 * The plan of a billing record: no record, an unknown tier or a lapsed subscription is Free;
 * `past_due` keeps the plan's limits but disables overage (dunning).
 */
export function planFromBilling(record: BillingSnapshot | undefined): UserPlan {
  const known = (SUBSCRIPTION_TIERS as readonly unknown[]).includes(record?.tier);
  const lapsed = typeof record?.status === 'string' && LAPSED_STATUSES.has(record.status);
  const tier: SubscriptionTier = known && !lapsed ? (record?.tier as SubscriptionTier) : 'free';
  const cap = record?.overageCapUsd;
  return {
    tier,
    name: PRICING_PLANS.find((plan) => plan.id === tier)?.name ?? tier,
    limits: PLAN_LIMITS[tier],
    overageAllowed: tier !== 'free' && record?.status !== 'past_due',
    overageCapUsd:
      typeof cap === 'number' && Number.isFinite(cap) && cap >= 0 ? cap : DEFAULT_OVERAGE_CAP_USD,
  };
}

/** The best of several plans (a user's own and their teams'): the higher tier, Free when none. */
export function bestPlan(plans: readonly UserPlan[]): UserPlan {
  const rank = (plan: UserPlan) => SUBSCRIPTION_TIERS.indexOf(plan.tier);
  return plans.reduce((best, plan) => (rank(plan) > rank(best) ? plan : best), planFromBilling(undefined));
}

/** Where a user's plan comes from (adapters/dynamodb/plan-lookup reads the billing table). */
export interface PlanSource {
  planOf(userId: string): Promise<UserPlan>;
}

/** The plans of model calls, by space (adapters/dynamodb/plan-lookup). */
export interface SpacePlans {
  /** The user's own plan: the personal space's, whatever their teams have. */
  ownPlanOf(userId: string): Promise<UserPlan>;
  /**
   * A team space's plan: the team's subscription while the user is a member ("my teams") and it
   * is a paid plan; undefined otherwise (a team without one has no plan of its own: the usage is
   * the member's personal usage).
   */
  teamPlanOf(userId: string, teamId: string): Promise<UserPlan | undefined>;
}
