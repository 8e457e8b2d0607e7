/**
 * Stripe webhooks late, twice and out of order (the "Faults" issue): the local Stripe service
 * retries a delivery the API did not take, as Stripe does; the API applies each event once (by
 * its id) and syncs from Stripe, so the newest state wins whatever order events come in. Each test
 * says the subscription before and after and how many deliveries and audit records there were.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { auditPageSchema, subscriptionResponseSchema } from '@agentforge/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { until } from '../support/fault-state.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

const APP = 'http://localhost:5173';
const urls = {
  successUrl: `${APP}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${APP}/subscription/cancel`,
};
/** The local Stripe's retry pauses here (Stripe's own grow from minutes to hours). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

type StoredEvent = {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string; customer?: string } };
  delivery?: { attempts: { status: number }[]; delivered: boolean; nextRetryAt?: number };
};

let stack: Awaited<ReturnType<typeof startTestStack>>;
let stripe: Stripe;

beforeAll(async () => {
  stack = await startTestStack({
    web: false,
    appOrigins: [APP],
    stripeWebhookRetryDelaysMs: RETRY_DELAYS_MS,
  });
  configureAmplify(stack.runtimeConfig);
  const { port } = new URL(stack.stripe.url);
  stripe = new Stripe(stack.stripe.secretKey, { host: 'localhost', port: Number(port), protocol: 'http' });
});
afterAll(async () => {
  await stack?.stop();
});

const webhookUrl = () => `${stack.apiUrl}/api/stripe/webhook`;

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

/** An address nothing listens on: the API "down" (connection refused). */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api/stripe/webhook`;
}

async function eventsOf(customer: string): Promise<StoredEvent[]> {
  const response = await fetch(`${stack.stripe.url}/__control/events`, {
    headers: { Authorization: `Bearer ${stack.stripe.secretKey}` },
  });
  const { data } = (await response.json()) as { data: StoredEvent[] };
  return data.filter((event) => event.data.object.customer === customer || event.data.object.id === customer);
}

async function signUp(): Promise<Api> {
  const { idToken } = await signUpAndSignIn();
  return apiAs(stack.apiUrl, idToken);
}

const subscription = async (api: Api) =>
  subscriptionResponseSchema.parse((await api.get('/subscriptions')).body).subscription;

/** Opens a Pro checkout and pays it; the customer. */
async function subscribe(api: Api): Promise<string> {
  const checkout = await api.post('/subscriptions/checkout', { tier: 'pro', ...urls });
  const url = checkout.body.url as string;
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
  return (await stripe.checkout.sessions.retrieve(sessionId)).customer as string;
}

/** The audit records Stripe's webhooks wrote for the caller (one per event applied). */
async function stripeAuditCount(api: Api): Promise<number> {
  const page = auditPageSchema.parse((await api.get('/audit?actor=system%3Astripe&limit=100')).body);
  return page.records.length;
}

/** Delivers a stored event the way Stripe signs it; the API's answer. */
async function deliverSigned(event: StoredEvent) {
  const { delivery: _delivery, ...body } = event;
  const payload = JSON.stringify(body);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', stack.stripe.webhookSecret).update(`${t}.${payload}`).digest('hex');
  const response = await fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as { duplicate: boolean } };
}

describe('Stripe webhooks late, twice and out of order', () => {
  it('a checkout completed while the API is down is applied when the local Stripe retries it, once', async () => {
    const api = await signUp();
    await control('/webhook_endpoint', { url: await refusedUrl() });
    const customer = await subscribe(api);
    const before = await subscription(api);
    expect(before).toMatchObject({ tier: 'free' }); // nothing reached the API
    const pending = await eventsOf(customer);
    expect(pending.length).toBeGreaterThan(0);
    for (const event of pending) {
      expect(event.delivery).toMatchObject({ delivered: false, attempts: [{ status: 0 }] });
      expect(event.delivery?.nextRetryAt).toBeGreaterThan(0);
    }

    await control('/webhook_endpoint', { url: webhookUrl() });
    const after = await until(
      'the retried checkout to be applied',
      () => subscription(api),
      (current) => current.tier === 'pro',
      30_000,
    );
    expect(after).toMatchObject({ tier: 'pro', status: 'trialing', isPaid: true });
    const delivered = await until(
      'every event to be delivered',
      () => eventsOf(customer),
      (events) => events.every((event) => event.delivery?.delivered),
      30_000,
    );
    for (const event of delivered) {
      const statuses = event.delivery?.attempts.map((attempt) => attempt.status) ?? [];
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.at(-1)).toBe(200);
      expect(event.delivery?.nextRetryAt).toBeUndefined();
    }
    const audited = await stripeAuditCount(api);
    expect(audited).toBe(1); // checkout.session.completed, applied once

    // Delivered twice (Stripe's at-least-once): the second copy changes nothing.
    const completed = delivered.find((event) => event.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    const again = (await control(`/events/${completed.id}/resend`)) as { delivery: { body: string } };
    expect(JSON.parse(again.delivery.body)).toEqual({ received: true, duplicate: true });
    expect(await subscription(api)).toEqual(after);
    expect(await stripeAuditCount(api)).toBe(1);
    const attempts = delivered.map((event) => event.delivery?.attempts.length ?? 0);
    console.info(
      `webhooks while the API was down: ${delivered.length} events, attempts ${attempts.join('+')} ` +
        `(failed ${attempts.reduce((sum, n) => sum + n - 1, 0)}, delivered ${delivered.length}); subscription ` +
        `before ${before.tier}, after ${after.tier}; applied ${audited} checkout (a 2nd copy: duplicate)`,
    );
  }, 120_000);

  it('an older subscription.updated arriving after a newer one leaves the newest state', async () => {
    const api = await signUp();
    const customer = await subscribe(api);
    const [sub] = (await stripe.subscriptions.list({ customer })).data;
    if (!sub) throw new Error('no subscription');
    const before = await subscription(api);
    expect(before.cancelAtPeriodEnd).toBe(false);

    // The API is unreachable while the subscription is set to cancel, then resumed, in Stripe.
    await control('/webhook_endpoint', { url: '' });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // Stripe's times are in seconds
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    await control('/webhook_endpoint', { url: webhookUrl() });
    const updates = (await eventsOf(customer))
      .filter((event) => event.type === 'customer.subscription.updated')
      .sort((a, b) => a.created - b.created);
    expect(updates).toHaveLength(2);
    const [older, newer] = updates as [StoredEvent, StoredEvent];
    expect(await subscription(api)).toEqual(before); // neither arrived

    // Out of order: the newer first, then the older (whose payload says cancel), then the older again.
    const answers = [await deliverSigned(newer), await deliverSigned(older), await deliverSigned(older)];
    expect(answers.map((answer) => [answer.status, answer.body.duplicate])).toEqual([
      [200, false],
      [200, false],
      [200, true],
    ]);
    const after = await subscription(api);
    expect(after).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: false }); // Stripe's current state
    const audited = await stripeAuditCount(api);
    expect(audited).toBe(3); // the checkout and the two updates, each once
    console.info(
      `out of order: 2 subscription.updated delivered newer, older, older again -> applied 2, duplicate 1; ` +
        `cancelAtPeriodEnd before ${before.cancelAtPeriodEnd}, after ${after.cancelAtPeriodEnd}; audit records ${audited}`,
    );
  }, 120_000);
});
