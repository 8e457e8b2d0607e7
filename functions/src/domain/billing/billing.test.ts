import { SUBSCRIPTION_MESSAGES } from '@agentforge/shared';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeBilling } from '../../adapters/stripe/stripe-billing.js';
import type { BillingProvider, BillingRecord, BillingStore, ProviderSubscription } from './ports.js';
import { createReplacedSubscriptions } from './replaced-subscriptions.js';
import { createSubscriptionService } from './subscription-service.js';
import { createSubscriptionSync, currentSubscription, stateOf } from './subscription-sync.js';
import { createWebhookHandler } from './webhook.js';

const SECRET = 'whsec_unit';
const stripeAdapter = createStripeBilling({ secretKey: 'sk_test_unit', webhookSecret: SECRET });
const signer = new Stripe('sk_test_unit');

const sub = (over: Partial<ProviderSubscription>): ProviderSubscription => ({
  id: 'sub_1',
  status: 'active',
  tier: 'pro',
  currentPeriodEnd: Date.parse('2026-12-23T00:00:00Z'),
  cancelAtPeriodEnd: false,
  seats: 1,
  created: 1,
  ...over,
});

function fakes(subscriptions: ProviderSubscription[] = []) {
  const records = new Map<string, BillingRecord>();
  const events = new Set<string>();
  const stripe = { subscriptions, checkouts: 0 };
  const store: BillingStore = {
    get: async (userId) => records.get(userId),
    claimCustomer: async (userId, customerId) => {
      const record = records.get(userId) ?? {
        userId,
        tier: 'free',
        status: 'active',
        cancelAtPeriodEnd: false,
        seats: 1,
      };
      record.stripeCustomerId ??= customerId;
      records.set(userId, record);
      return record.stripeCustomerId;
    },
    userIdByCustomer: async (customerId) =>
      [...records.values()].find((record) => record.stripeCustomerId === customerId)?.userId,
    writeSubscription: async (userId, customerId, state, readAt) => {
      const record = records.get(userId);
      if ((record?.syncedAt ?? 0) > readAt) return false;
      records.set(userId, { ...record, userId, stripeCustomerId: customerId, ...state, syncedAt: readAt });
      return true;
    },
    setOverageCap: async () => {},
    isEventProcessed: async (id) => events.has(id),
    markEventProcessed: async (id) => !events.has(id) && Boolean(events.add(id)),
  };
  const provider: BillingProvider = {
    ...stripeAdapter,
    createCustomer: async () => 'cus_1',
    customerUserId: async () => undefined,
    listSubscriptions: async () => stripe.subscriptions,
    createCheckoutSession: async () => {
      stripe.checkouts++;
      return 'https://checkout.example/cs_1';
    },
    cancelWithProratedCredit: async (id) => {
      stripe.subscriptions = stripe.subscriptions.map((s) =>
        s.id === id ? { ...s, status: 'canceled' as const } : s,
      );
    },
  };
  let clock = 1000;
  const sync = createSubscriptionSync({ provider, store, now: () => clock++ });
  const service = createSubscriptionService({
    provider,
    store,
    sync,
    usage: {
      dailyTokens: async (_user, dates) => dates.map((date) => ({ date, tokens: 0, ownKeyTokens: 0 })),
      computeMinutes: async () => 0,
      overageTokens: async () => 0,
      activeServers: async () => 0,
    },
    appOrigins: async () => ['https://app.example'],
    now: () => Date.parse('2026-11-23T10:00:00Z'),
  });
  return {
    records,
    stripe,
    store,
    provider,
    sync,
    service,
    webhook: createWebhookHandler({
      provider,
      store,
      sync,
      replaceOlder: createReplacedSubscriptions({ provider }),
    }),
  };
}

const caller = { userId: 'user-1', email: 'a@example.com' };
const urls = {
  successUrl: 'https://app.example/subscription/success',
  cancelUrl: 'https://app.example/subscription/cancel',
};

function signedEvent(id: string, type: string, timestamp?: number, object: object = { customer: 'cus_1' }) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  return {
    payload,
    signature: signer.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      ...(timestamp ? { timestamp } : {}),
    }),
  };
}

describe('the sync', () => {
  it('maps Stripe statuses to tiers: active, trialing and past_due keep the plan, the rest is Free', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const)
      expect(stateOf(sub({ status })).tier).toBe('pro');
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'incomplete'] as const)
      expect(stateOf(sub({ status })).tier).toBe('free');
    expect(stateOf(undefined)).toMatchObject({ tier: 'free', status: 'active' });
    expect(stateOf(sub({ tier: undefined })).tier).toBe('free');
  });

  it('takes the newest subscription that has not ended', () => {
    const picked = currentSubscription([
      sub({ id: 'old', status: 'canceled', created: 3 }),
      sub({ id: 'live', status: 'active', created: 2 }),
    ]);
    expect(picked?.id).toBe('live');
    expect(
      currentSubscription([
        sub({ id: 'a', status: 'canceled', created: 1 }),
        sub({ id: 'b', status: 'canceled', created: 2 }),
      ])?.id,
    ).toBe('b');
  });
});

describe('the webhook', () => {
  it('refuses a missing, wrong or stale signature', async () => {
    const { webhook } = fakes();
    const { payload } = signedEvent('evt_1', 'invoice.paid');
    await expect(webhook(payload, undefined)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(webhook(payload, forged)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const stale = signedEvent('evt_1', 'invoice.paid', Math.floor(Date.now() / 1000) - 301);
    await expect(webhook(stale.payload, stale.signature)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('processes an event id once, and follows Stripe, not the order events arrive in', async () => {
    const f = fakes([sub({ status: 'active' })]);
    await f.store.claimCustomer('user-1', 'cus_1');
    // Stripe has moved on to past_due; an older 'created' event arrives after the failure's.
    f.stripe.subscriptions = [sub({ status: 'past_due' })];
    const failed = signedEvent('evt_failed', 'invoice.payment_failed');
    expect(await f.webhook(failed.payload, failed.signature)).toEqual({ received: true, duplicate: false });
    const created = signedEvent('evt_created', 'customer.subscription.created');
    await f.webhook(created.payload, created.signature);
    expect(f.records.get('user-1')).toMatchObject({ tier: 'pro', status: 'past_due' });

    f.stripe.subscriptions = [sub({ status: 'canceled' })];
    expect(await f.webhook(failed.payload, failed.signature)).toEqual({ received: true, duplicate: true });
    expect(f.records.get('user-1')?.status).toBe('past_due');
  });

  it('keeps the newest of two paid subscriptions and cancels the other with its unused time credited', async () => {
    const f = fakes([
      sub({ id: 'sub_new', tier: 'teams', created: 20 }),
      sub({ id: 'sub_old', tier: 'pro', created: 10 }),
      sub({ id: 'sub_ended', status: 'canceled', created: 5 }),
    ]);
    await f.store.claimCustomer('user-1', 'cus_1');
    const completed = signedEvent('evt_done', 'checkout.session.completed', undefined, {
      object: 'checkout.session',
      customer: 'cus_1',
      subscription: 'sub_old', // a late event of the older checkout changes nothing about which stays
    });
    await f.webhook(completed.payload, completed.signature);
    expect(f.stripe.subscriptions.map(({ id, status }) => [id, status])).toEqual([
      ['sub_new', 'active'],
      ['sub_old', 'canceled'],
      ['sub_ended', 'canceled'],
    ]);
    expect(f.records.get('user-1')).toMatchObject({ tier: 'teams', stripeSubscriptionId: 'sub_new' });
  });

  it('breaks a tie in Stripe’s seconds with the subscription the event is about', async () => {
    const f = fakes([sub({ id: 'sub_a', created: 10 }), sub({ id: 'sub_b', created: 10 })]);
    await f.store.claimCustomer('user-1', 'cus_1');
    const created = signedEvent('evt_a', 'customer.subscription.created', undefined, {
      object: 'subscription',
      id: 'sub_a',
      customer: 'cus_1',
    });
    await f.webhook(created.payload, created.signature);
    expect(f.stripe.subscriptions.map(({ id, status }) => [id, status])).toEqual([
      ['sub_a', 'active'],
      ['sub_b', 'canceled'],
    ]);
  });

  it('ignores event types it does not act on', async () => {
    const { webhook } = fakes();
    const other = signedEvent('evt_x', 'charge.refunded');
    expect(await webhook(other.payload, other.signature)).toMatchObject({ ignored: true });
  });
});

describe('checkout', () => {
  it('refuses Free, Enterprise and foreign return URLs', async () => {
    const { service } = fakes();
    await expect(service.checkout(caller, { tier: 'free', ...urls })).rejects.toThrow(
      SUBSCRIPTION_MESSAGES.checkoutFreeRefused,
    );
    await expect(service.checkout(caller, { tier: 'enterprise', ...urls })).rejects.toThrow(
      SUBSCRIPTION_MESSAGES.checkoutEnterpriseRefused,
    );
    await expect(
      service.checkout(caller, { tier: 'pro', ...urls, cancelUrl: 'https://evil.example/x' }),
    ).rejects.toThrow(SUBSCRIPTION_MESSAGES.urlNotOnAppOrigin);
  });

  it('refuses a second live subscription Stripe knows of, and syncs it', async () => {
    const f = fakes([sub({ status: 'trialing' })]);
    await expect(f.service.checkout(caller, { tier: 'teams', ...urls })).rejects.toThrow(
      SUBSCRIPTION_MESSAGES.alreadySubscribed,
    );
    expect(f.stripe.checkouts).toBe(0);
    expect(f.records.get('user-1')).toMatchObject({
      tier: 'pro',
      status: 'trialing',
      stripeCustomerId: 'cus_1',
    });
  });

  it('creates one session for a Free user', async () => {
    const f = fakes();
    expect(await f.service.checkout(caller, { tier: 'pro', ...urls })).toEqual({
      url: 'https://checkout.example/cs_1',
    });
    expect((await f.service.get(caller)).subscription.trialInfo.isApplicable).toBe(true);
  });
});
