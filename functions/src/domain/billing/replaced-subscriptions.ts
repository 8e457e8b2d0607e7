import type { SubscriptionStatus } from '@agentforge/shared';
import type { BillingProvider, ProviderSubscription, VerifiedEvent } from './ports.js';
import { LIVE_STATUSES } from './subscription-sync.js';

/** The events that announce a subscription just paid for (or trialled): where a second one shows. */
const NEW_SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
]);
/** A subscription in one of these is the plan the customer has now (incomplete: not paid yet). */
const KEPT_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/**
 * The subscription a customer keeps: the newest one they have now. Stripe's `created` is in
 * seconds, so two checkouts paid in the same second tie: the one the event is about wins then.
 */
function keptOf(live: readonly ProviderSubscription[], eventSubscriptionId?: string) {
  return [...live].sort(
    (a, b) =>
      b.created - a.created ||
      Number(b.id === eventSubscriptionId) - Number(a.id === eventSubscriptionId) ||
      b.id.localeCompare(a.id),
  )[0];
}

/**
 * Two checkouts opened before either was paid both end in a subscription: the checkout route's
 * refusal comes too early to see the second. So when a new subscription is announced, the newest
 * one replaces the others still live, each cancelled now with its unused time credited (Stripe's
 * `prorate` + `invoice_now`: a credit on the customer's balance, which the kept subscription's
 * invoices draw on). Resolves with the ids cancelled.
 */
export function createReplacedSubscriptions(deps: { provider: BillingProvider }) {
  return async (event: VerifiedEvent): Promise<string[]> => {
    if (!event.customerId || !NEW_SUBSCRIPTION_EVENTS.has(event.type)) return [];
    const subscriptions = await deps.provider.listSubscriptions(event.customerId);
    const kept = keptOf(
      subscriptions.filter((sub) => KEPT_STATUSES.has(sub.status)),
      event.subscriptionId,
    );
    if (!kept) return [];
    const replaced = subscriptions.filter(
      (sub) => sub.id !== kept.id && LIVE_STATUSES.has(sub.status) && sub.status !== 'incomplete',
    );
    for (const sub of replaced) await deps.provider.cancelWithProratedCredit(sub.id);
    return replaced.map((sub) => sub.id);
  };
}
