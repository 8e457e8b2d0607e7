import {
  cancelSubscriptionResponseSchema,
  checkoutResponseSchema,
  PLAN_LIMITS,
  PRO_TRIAL_DAYS,
  SUBSCRIPTION_MESSAGES,
  subscriptionResponseSchema,
  usageHistorySchema,
} from '@agentforge/shared';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { createTokenLedger } from '../../functions/src/adapters/dynamodb/token-ledger.js';
import { OVERAGE_METER_EVENT } from '../../functions/src/adapters/stripe/catalog.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { tokenMeterId } from '../support/stripe-meter.js';

const APP = 'http://localhost:5173';
const urls = {
  successUrl: `${APP}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${APP}/subscription/cancel`,
};

let stack: Awaited<ReturnType<typeof startTestStack>>;
let stripe: Stripe;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  const { port } = new URL(stack.stripe.url);
  stripe = new Stripe(stack.stripe.secretKey, { host: 'localhost', port: Number(port), protocol: 'http' });
});
afterAll(async () => {
  await stack?.stop();
});

async function signUp(): Promise<Api> {
  const { idToken } = await signUpAndSignIn();
  return apiAs(stack.apiUrl, idToken);
}

async function subscription(api: Api) {
  const response = await api.get('/subscriptions');
  expect(response.status).toBe(200);
  return subscriptionResponseSchema.parse(response.body);
}

/** Pays on the local checkout page the way the browser's form post does; the redirect is returned. */
async function pay(checkoutUrl: string, card: string) {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Local test checkout</title>');
  return fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12 / 34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
}

async function control(path: string, form: Record<string, string> = {}) {
  const response = await fetch(`${stack.stripe.url}/__control${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${stack.stripe.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function checkout(api: Api, tier: string) {
  const response = await api.post('/subscriptions/checkout', { tier, ...urls });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return checkoutResponseSchema.parse(response.body).url;
}

describe('subscriptions with the local Stripe service', () => {
  it('starts on Free with the Pro trial offered, and lists the selectable plans', async () => {
    const api = await signUp();
    const current = await subscription(api);
    expect(current.subscription).toMatchObject({ tier: 'free', isPaid: false, currentPeriodEnd: null });
    expect(current.subscription.trialInfo).toEqual({
      isApplicable: true,
      message: SUBSCRIPTION_MESSAGES.trialOffer(PRO_TRIAL_DAYS),
    });
    expect(current.usage.tokens.limit).toBe(PLAN_LIMITS.free.tokensPerDay);
    const plans = await api.get('/subscriptions/plans');
    expect((plans.body as unknown as { id: string }[]).map((plan) => plan.id)).toEqual([
      'free',
      'pro',
      'teams',
    ]);
  });

  it('subscribes to Teams through checkout, cancels at period end, resumes, and goes past due', async () => {
    const api = await signUp();
    const url = await checkout(api, 'teams');
    expect(url.startsWith(`${stack.stripe.url}/checkout/`)).toBe(true);

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const location = paid.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${APP}/subscription/success\\?session_id=cs_test_`));

    // The webhooks arrived before the redirect: the plan is Teams already.
    const teams = await subscription(api);
    expect(teams.subscription).toMatchObject({
      tier: 'teams',
      isPaid: true,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(teams.usage.tokens.limit).toBe(PLAN_LIMITS.teams.tokensPerDay);
    expect(Date.parse(teams.subscription.currentPeriodEnd ?? '')).toBeGreaterThan(Date.now());

    // The success page's sync (with the session id) answers the same.
    const sessionId = new URL(location).searchParams.get('session_id');
    const synced = await api.post('/subscriptions/sync', { sessionId });
    expect(synced.status).toBe(200);
    expect(subscriptionResponseSchema.parse(synced.body).subscription.tier).toBe('teams');

    // A second subscription is refused.
    const again = await api.post('/subscriptions/checkout', { tier: 'pro', ...urls });
    expect(again).toMatchObject({ status: 409, body: { message: SUBSCRIPTION_MESSAGES.alreadySubscribed } });

    const cancelled = await api.post('/subscriptions/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelSubscriptionResponseSchema.parse(cancelled.body).currentPeriodEnd).toBe(
      teams.subscription.currentPeriodEnd,
    );
    expect((await subscription(api)).subscription).toMatchObject({ tier: 'teams', cancelAtPeriodEnd: true });

    const resumed = await api.post('/subscriptions/resume');
    expect(resumed.status).toBe(200);
    expect(subscriptionResponseSchema.parse(resumed.body).subscription.cancelAtPeriodEnd).toBe(false);

    // Stripe's side: stripe-node reads the same subscription from the local service.
    const customer = (await stripe.checkout.sessions.retrieve(sessionId ?? '')).customer as string;
    const [sub] = (await stripe.subscriptions.list({ customer, status: 'all' })).data;
    expect(sub?.cancel_at_period_end).toBe(false);

    await control(`/subscriptions/${sub?.id}/payment_failed`);
    expect((await subscription(api)).subscription).toMatchObject({
      tier: 'teams',
      status: 'past_due',
      isPaid: true,
    });

    // Usage history: 30 days, every one present.
    const history = await api.get('/subscriptions/usage');
    expect(history.status).toBe(200);
    expect(usageHistorySchema.parse(history.body).days).toHaveLength(30);
  });

  it('keeps one plan when two checkouts opened together are both paid: the newer replaces the older, whose unused time is credited', async () => {
    const api = await signUp();
    // Both sessions open before either is paid: the checkout route has nothing to refuse yet.
    const teamsUrl = await checkout(api, 'teams');
    const proUrl = await checkout(api, 'pro');
    const firstPaid = await pay(teamsUrl, '4242424242424242');
    expect(firstPaid.status).toBe(303);
    const sessionId = new URL(firstPaid.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
    const customer = (await stripe.checkout.sessions.retrieve(sessionId)).customer as string;
    // A second later (Stripe's times are in seconds), the other checkout is paid too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await pay(proUrl, '4242424242424242')).status).toBe(303);

    const subscriptions = (await stripe.subscriptions.list({ customer, status: 'all' })).data;
    expect(subscriptions).toHaveLength(2);
    const [newer, older] = subscriptions;
    expect(newer?.status).toBe('trialing'); // Pro, with the first-time trial
    expect(older?.status).toBe('canceled'); // Teams, paid a moment earlier
    expect((await subscription(api)).subscription).toMatchObject({
      tier: 'pro',
      status: 'trialing',
      isPaid: true,
    });

    // Teams' $40 month was paid and barely used: nearly all of it is the customer's credit now.
    const balance = (await stripe.customers.retrieve(customer)) as Stripe.Customer;
    expect(balance.balance).toBeLessThanOrEqual(-3990);
    expect(balance.balance).toBeGreaterThanOrEqual(-4000);
    const { data: invoices } = await stripe.invoices.list({ customer, subscription: older?.id });
    expect(invoices[0]).toMatchObject({ total: balance.balance, ending_balance: balance.balance });
    // The webhooks' redelivery changes nothing: one plan, the credit given once.
    const events = (await (
      await fetch(`${stack.stripe.url}/__control/events`, {
        headers: { Authorization: `Bearer ${stack.stripe.secretKey}` },
      })
    ).json()) as { data: { id: string; type: string; data: { object: { customer?: string } } }[] };
    for (const event of events.data.filter(
      (candidate) =>
        candidate.type === 'customer.subscription.created' && candidate.data.object.customer === customer,
    ))
      await control(`/events/${event.id}/resend`);
    expect(((await stripe.customers.retrieve(customer)) as Stripe.Customer).balance).toBe(balance.balance);
    expect((await subscription(api)).subscription.tier).toBe('pro');
  });

  it('gives a first-time Pro subscriber a trial, and a replayed webhook changes nothing', async () => {
    const api = await signUp();
    const paid = await pay(await checkout(api, 'pro'), '4242424242424242');
    expect(paid.status).toBe(303);
    const pro = await subscription(api);
    expect(pro.subscription).toMatchObject({ tier: 'pro', status: 'trialing', isPaid: true });
    expect(pro.subscription.trialInfo.isApplicable).toBe(false);

    const events = (await (
      await fetch(`${stack.stripe.url}/__control/events`, {
        headers: { Authorization: `Bearer ${stack.stripe.secretKey}` },
      })
    ).json()) as { data: { id: string; type: string }[] };
    const completed = events.data.find((event) => event.type === 'checkout.session.completed');
    // The local service resends the same event, freshly signed; the API reports it as a duplicate.
    expect(completed).toBeDefined();
    const { delivery } = (await control(`/events/${completed?.id}/resend`)) as {
      delivery: { status: number; body: string };
    };
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true, duplicate: true });
    expect(await subscription(api)).toEqual(pro);
  });

  it('answers a replayed event as a duplicate and refuses a forged, stale or future-dated one', async () => {
    const api = await signUp();
    await pay(await checkout(api, 'pro'), '4242424242424242');
    const { data } = await stripe.subscriptions.list({ limit: 100 });
    const sub = data[0];
    const event = {
      id: `evt_test_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: sub },
    };
    const payload = JSON.stringify(event);
    const post = (signature: string) =>
      fetch(`${stack.apiUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: stack.stripe.webhookSecret });
    const first = await post(signed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await post(signed);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });

    const forged = await post(
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' }),
    );
    expect(forged.status).toBe(400);
    const stale = await post(
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stack.stripe.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.status).toBe(400);
    // The tolerance holds both ways: a signature dated an hour ahead is refused too.
    const future = await post(
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stack.stripe.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    expect(future.status).toBe(400);
    const unsigned = await fetch(`${stack.apiUrl}/api/stripe/webhook`, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
  });

  it('keeps Free when the card is declined', async () => {
    const api = await signUp();
    const url = await checkout(api, 'pro');
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await subscription(api)).subscription.tier).toBe('free');
    // The session stays open: the page still offers it.
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses Free, Enterprise and return URLs off the app origin', async () => {
    const api = await signUp();
    expect(await api.post('/subscriptions/checkout', { tier: 'free', ...urls })).toMatchObject({
      status: 400,
      body: { message: SUBSCRIPTION_MESSAGES.checkoutFreeRefused },
    });
    expect(await api.post('/subscriptions/checkout', { tier: 'enterprise', ...urls })).toMatchObject({
      status: 400,
      body: { message: SUBSCRIPTION_MESSAGES.checkoutEnterpriseRefused },
    });
    expect(
      await api.post('/subscriptions/checkout', {
        tier: 'pro',
        ...urls,
        successUrl: 'https://evil.example/x',
      }),
    ).toMatchObject({ status: 400, body: { message: SUBSCRIPTION_MESSAGES.urlNotOnAppOrigin } });
    expect(await api.post('/subscriptions/cancel')).toMatchObject({ status: 404 });
    expect(await api.put('/subscriptions/overage-cap', { capUsd: 25 })).toMatchObject({
      status: 200,
      body: { capUsd: 25 },
    });
    const history = usageHistorySchema.parse((await api.get('/subscriptions/usage')).body);
    expect(history.overage.capUsd).toBe(25);
  });

  it('opens the portal on the local service and records meter events once per identifier', async () => {
    const api = await signUp();
    await pay(await checkout(api, 'pro'), '4242424242424242');
    const portal = await api.post('/subscriptions/portal', { returnUrl: `${APP}/home` });
    expect(portal.status).toBe(200);
    const page = await fetch(String(portal.body.url));
    expect(await page.text()).toContain('Return');

    const meter = {
      event_name: OVERAGE_METER_EVENT,
      identifier: `ledger-${Date.now()}`,
      payload: { stripe_customer_id: 'cus_x', value: '12' },
    };
    const first = await stripe.billing.meterEvents.create(meter);
    const second = await stripe.billing.meterEvents.create(meter);
    expect(second).toEqual(first);
  });

  it('reports a paid plan’s overage to the Billing Meter once per call, and drops what has no customer', async () => {
    const { idToken } = await signUpAndSignIn();
    const api = apiAs(stack.apiUrl, idToken);
    await pay(await checkout(api, 'pro'), '4242424242424242');
    await subscription(api);
    const userId = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
    const { Item: billing } = await db.send(
      new GetCommand({ TableName: process.env.TABLE_BILLING, Key: { userId }, ConsistentRead: true }),
    );
    const customer = String(billing?.stripeCustomerId);
    // What the stream's token ledger writes for two calls past the day's allowance, and one of a
    // user Stripe has never seen.
    const ledger = createTokenLedger(db, String(process.env.TABLE_USAGE));
    const month = new Date().toISOString().slice(0, 7);
    const at = Date.now();
    await ledger.addOverage(userId, month, { id: `ov-${at}-1`, tokens: 1500, at });
    await ledger.addOverage(userId, month, { id: `ov-${at}-2`, tokens: 500, at });
    await ledger.addOverage(`no-customer-${at}`, month, { id: `ov-${at}-3`, tokens: 700, at });

    const metered = async () => {
      const { data } = await stripe.billing.meters.listEventSummaries(await tokenMeterId(stripe), {
        customer,
        start_time: Math.floor(at / 1000) - 60,
        end_time: Math.floor(at / 1000) + 60,
      });
      return data[0]?.aggregated_value;
    };
    // The function's composition reads the stack's environment: imported once the stack runs.
    const { overageReporter } = await import('../../functions/src/composition/billing.js');
    // The local stack's timer may run the reporter too: both together still report each row once.
    await Promise.all([overageReporter()(), overageReporter()()]);
    expect(await metered()).toBe(2000);
    await overageReporter()();
    expect(await metered()).toBe(2000);

    const row = async (owner: string, id: string) =>
      (
        await db.send(
          new GetCommand({
            TableName: process.env.TABLE_USAGE,
            Key: { userId: owner, period: `overage#${month}#${id}` },
            ConsistentRead: true,
          }),
        )
      ).Item;
    expect(await row(userId, `ov-${at}-1`)).toMatchObject({ meterOutcome: 'reported', tokens: 1500 });
    expect(await row(userId, `ov-${at}-1`)).not.toHaveProperty('meterPending');
    expect(await row(`no-customer-${at}`, `ov-${at}-3`)).toMatchObject({ meterOutcome: 'unbillable' });
  });

  // Last: the local service's clock moves for every subscription.
  it('ends a trial into active, and a pending cancellation into Free when the period ends', async () => {
    const api = await signUp();
    await pay(await checkout(api, 'pro'), '4242424242424242');
    expect((await subscription(api)).subscription.status).toBe('trialing');
    await control('/clock/advance', { seconds: String((PRO_TRIAL_DAYS + 1) * 24 * 3600) });
    expect((await subscription(api)).subscription).toMatchObject({ tier: 'pro', status: 'active' });

    expect((await api.post('/subscriptions/cancel')).status).toBe(200);
    await control('/clock/advance', { seconds: String(31 * 24 * 3600) });
    const after = await subscription(api);
    expect(after.subscription).toMatchObject({ tier: 'free', status: 'canceled', isPaid: false });
    // Not first-time any more: no trial on the next Pro checkout.
    expect(after.subscription.trialInfo.isApplicable).toBe(false);
  });
});
