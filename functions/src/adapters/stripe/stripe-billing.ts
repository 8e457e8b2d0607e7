import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@agentforge/shared';
import Stripe from 'stripe';
import type { BillingProvider, ProviderSubscription } from '../../domain/billing/ports.js';
import { ValidationError } from '../../domain/errors.js';
import { OVERAGE_METER_EVENT, PRICE_LOOKUP_KEYS, tierOfLookupKey } from './catalog.js';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Local stack only: the local Stripe service (stripe-node's host/port/protocol options). */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's default: a signature older than five minutes is refused (replays); so is one as far ahead. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * stripe-node's constructEvent only refuses a timestamp too far in the past: one signed far in the
 * future (a leaked secret's pre-signed events, or a wrong clock) would stay valid for that long.
 */
function isSignedInTheFuture(signature: string, nowSeconds: number): boolean {
  const timestamp = /(?:^|,)\s*t=(\d+)/.exec(signature)?.[1];
  return timestamp !== undefined && Number(timestamp) > nowSeconds + WEBHOOK_TOLERANCE_SECONDS;
}

const statusOf = (status: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'incomplete';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Stripe's subscription as the domain sees it; the period end sits on the items since API 2025-03-31. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const items = sub.items.data;
  const licensed = items.find((item) => tierOfLookupKey(item.price.lookup_key)) ?? items[0];
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end));
  return {
    id: sub.id,
    status: statusOf(sub.status),
    tier: tierOfLookupKey(licensed?.price.lookup_key),
    currentPeriodEnd: periodEnd * 1000,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ...(sub.trial_end ? { trialEnd: sub.trial_end * 1000 } : {}),
    seats: licensed?.quantity ?? 1,
    created: sub.created * 1000,
  };
}

/** The billing provider on stripe-node: real Stripe on AWS, the local Stripe service locally. */
export function createStripeBilling(config: StripeConfig): BillingProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(config.endpoint ?? {}),
  });
  let priceIds: Promise<Record<keyof typeof PRICE_LOOKUP_KEYS, string>> | undefined;
  const prices = () => {
    priceIds ??= stripe.prices
      .list({ lookup_keys: Object.values(PRICE_LOOKUP_KEYS), active: true, limit: 10 })
      .then(({ data }) => {
        const byKey = new Map(data.map((price) => [price.lookup_key, price.id]));
        const ids = Object.fromEntries(
          Object.entries(PRICE_LOOKUP_KEYS).map(([name, key]) => {
            const id = byKey.get(key);
            if (!id) throw new Error(`Stripe has no active price with lookup key ${key}`);
            return [name, id];
          }),
        );
        return ids as Record<keyof typeof PRICE_LOOKUP_KEYS, string>;
      })
      .catch((error: unknown) => {
        priceIds = undefined;
        throw error;
      });
    return priceIds;
  };

  return {
    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async customerUserId(customerId) {
      const customer = await stripe.customers.retrieve(customerId);
      return 'deleted' in customer && customer.deleted ? undefined : customer.metadata?.userId || undefined;
    },

    async listSubscriptions(customerId) {
      const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      return data.map(toProviderSubscription).sort((a, b) => b.created - a.created);
    },

    async createCheckoutSession({ customerId, userId, tier, successUrl, cancelUrl, trialDays, seats }) {
      const ids = await prices();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        // Pro: the plan; Teams: one seat per member (then following the members); both: metered extra tokens.
        line_items: [
          { price: ids[tier], quantity: tier === 'teams' ? (seats ?? 1) : 1 },
          { price: ids.overage },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
        subscription_data: {
          metadata: { userId, tier },
          ...(trialDays ? { trial_period_days: trialDays } : {}),
        },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async checkoutSessionCustomer(sessionId) {
      try {
        return idOf((await stripe.checkout.sessions.retrieve(sessionId)).customer);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    async cancelWithProratedCredit(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
      } catch (error) {
        // A concurrent delivery of the same news cancelled it first: that is the outcome wanted.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
        if (sub.status !== 'canceled') throw error;
      }
    },

    async setSeats(subscriptionId, seats) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const licensed = sub.items.data.find((item) => tierOfLookupKey(item.price.lookup_key));
      if (!licensed) throw new Error(`Subscription ${subscriptionId} has no licensed item`);
      if (licensed.quantity === seats) return;
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: licensed.id, quantity: seats }],
        proration_behavior: 'create_prorations',
      });
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new ValidationError('Missing Stripe-Signature header');
      if (isSignedInTheFuture(signature, Math.floor(Date.now() / 1000)))
        throw new ValidationError('Invalid Stripe webhook signature: its timestamp is in the future');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new ValidationError('Invalid Stripe webhook signature', { cause: error });
      }
      const object = event.data.object as {
        object?: string;
        id?: string;
        customer?: string | { id: string } | null;
        subscription?: string | { id: string } | null;
      };
      const customerId = idOf(object.customer);
      const subscriptionId = object.object === 'subscription' ? object.id : idOf(object.subscription);
      return {
        id: event.id,
        type: event.type,
        ...(customerId ? { customerId } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
      };
    },

    async recordMeterEvent({ customerId, tokens, identifier, at }) {
      await stripe.billing.meterEvents.create(
        {
          event_name: OVERAGE_METER_EVENT,
          identifier,
          timestamp: Math.floor(at / 1000),
          payload: { stripe_customer_id: customerId, value: String(tokens) },
        },
        // A retried request gets the first answer back; the identifier dedupes later runs too.
        { idempotencyKey: `meter-${identifier}` },
      );
    },
  };
}
