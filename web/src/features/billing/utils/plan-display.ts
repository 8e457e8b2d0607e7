import { PRICING_PLANS, type SubscriptionStatus, type SubscriptionTier } from '@agentforge/shared';

/** Where Enterprise (contact-only, spec 6) is asked for. */
export const SALES_CONTACT = 'mailto:sales@agentforge.example?subject=AgentForge%20Enterprise';

export const UPGRADE_PLAN_LABEL = 'Upgrade Plan';
export const SUBSCRIPTION_TITLE = 'Subscription & Usage';

/** A plan's name as the pricing page shows it. */
export function planName(tier: SubscriptionTier): string {
  return PRICING_PLANS.find((plan) => plan.id === tier)?.name ?? tier;
}

export const STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment expired',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

/** Statuses that need the user's attention (a failed payment). */
export const isTroubledStatus = (status: SubscriptionStatus) =>
  status === 'past_due' || status === 'unpaid' || status === 'incomplete';

/** A billing date as people read it, e.g. 'December 23, 2026'. */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
