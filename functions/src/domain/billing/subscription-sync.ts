import type { SubscriptionStatus } from '@agentforge/shared';
import type { BillingProvider, BillingStore, ProviderSubscription, SubscriptionState } from './ports.js';

/** Statuses that keep the paid plan (past_due: shown to the user, overage off while dunning). */
const PAYING_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
/** Statuses of a subscription that is over: the newest other one wins. */
const ENDED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);
/** A subscription in one of these blocks a second checkout. */
export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
]);

/** The subscription that speaks for the customer: the newest not ended, else the newest. */
export function currentSubscription(
  subscriptions: readonly ProviderSubscription[],
): ProviderSubscription | undefined {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((sub) => !ENDED_STATUSES.has(sub.status)) ?? newestFirst[0];
}

/** Our record of a subscription: active/trialing/past_due keep the paid tier, anything else is Free. */
export function stateOf(subscription: ProviderSubscription | undefined): SubscriptionState {
  if (!subscription) return { tier: 'free', status: 'active', cancelAtPeriodEnd: false, seats: 1 };
  const paying = PAYING_STATUSES.has(subscription.status) && subscription.tier !== undefined;
  return {
    tier: paying ? (subscription.tier ?? 'free') : 'free',
    status: subscription.status,
    stripeSubscriptionId: subscription.id,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    ...(subscription.trialEnd ? { trialEnd: subscription.trialEnd } : {}),
    seats: subscription.seats,
  };
}

export type SyncSubscription = (customerId: string) => Promise<SubscriptionState | undefined>;

/**
 * The one sync: Stripe holds the truth. Re-reads the customer's subscriptions and overwrites our
 * record with them, whatever event (or success page) asked, so events in any order converge on
 * Stripe's current state. A read older than the record's last one is not written.
 */
export function createSubscriptionSync(deps: {
  provider: BillingProvider;
  store: BillingStore;
  now: () => number;
}): SyncSubscription {
  return async (customerId) => {
    const readAt = deps.now();
    const userId =
      (await deps.store.userIdByCustomer(customerId)) ?? (await deps.provider.customerUserId(customerId));
    if (!userId) return undefined;
    const state = stateOf(currentSubscription(await deps.provider.listSubscriptions(customerId)));
    await deps.store.writeSubscription(userId, customerId, state, readAt);
    return state;
  };
}
