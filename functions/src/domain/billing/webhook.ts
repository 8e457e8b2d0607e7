import type { AuditClient } from '../audit/audit.js';
import type { BillingProvider, BillingStore, SubscriptionState, VerifiedEvent } from './ports.js';
import type { SyncSubscription } from './subscription-sync.js';

/** The events that can change a subscription; each only triggers the sync, whatever its payload says. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export interface WebhookResult {
  received: true;
  /** The event was processed before (a retry or a replay): nothing was done. */
  duplicate: boolean;
  /** An event type the product does not act on. */
  ignored?: true;
}

/**
 * POST /stripe/webhook: verify the raw body's signature (ValidationError -> 400), skip an event id
 * seen before, cancel what a new subscription replaces, sync the customer from Stripe, then record
 * the event id (a conditional put). The id is recorded after the sync, so a failed sync is retried
 * by Stripe's redelivery; two copies racing both sync, which is harmless because the sync only
 * re-reads Stripe (and a replaced subscription already cancelled is left as it is).
 */
export function createWebhookHandler(deps: {
  provider: BillingProvider;
  store: BillingStore;
  sync: SyncSubscription;
  /** Cancels the subscriptions a newly announced one replaces (replaced-subscriptions.ts). */
  replaceOlder: (event: VerifiedEvent) => Promise<string[]>;
  /** Told of each event synced the first time (the audit log); must not throw. */
  onSynced?: (
    event: VerifiedEvent,
    state: SubscriptionState | undefined,
    client?: AuditClient,
  ) => Promise<void>;
}) {
  return async (
    rawBody: string,
    signature: string | undefined,
    client?: AuditClient,
  ): Promise<WebhookResult> => {
    const event = await deps.provider.verifyWebhook(rawBody, signature);
    if (!HANDLED_EVENTS.has(event.type)) return { received: true, duplicate: false, ignored: true };
    if (await deps.store.isEventProcessed(event.id)) return { received: true, duplicate: true };
    await deps.replaceOlder(event);
    const state = event.customerId ? await deps.sync(event.customerId) : undefined;
    const first = await deps.store.markEventProcessed(event.id, event.type);
    if (first) await deps.onSynced?.(event, state, client);
    return { received: true, duplicate: !first };
  };
}
