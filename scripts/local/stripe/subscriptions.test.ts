import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf, subscribeForTest } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;

const subscriptionOf = async (sessionId: string) =>
  stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(sessionId)).subscription));

describe('the local Stripe: subscriptions', () => {
  it('changes the seats of the licensed item only', async () => {
    const { session } = await subscribeForTest(local, { quantity: 2 });
    const sub = await subscriptionOf(session.id);
    const [seats, tokens] = sub.items.data;
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: String(seats?.id), quantity: 5 }],
      proration_behavior: 'create_prorations',
    });
    expect(updated.items.data[0]?.quantity).toBe(5);
    expect(
      await stripeErrorOf(
        stripe.subscriptions.update(sub.id, { items: [{ id: String(tokens?.id), quantity: 2 }] }),
      ),
    ).toMatchObject({ status: 400, param: 'items[0][quantity]' });
  });

  it('cancels now once, crediting the unused time on request to the balance with a final invoice', async () => {
    const { session, customer } = await subscribeForTest(local);
    const sub = await subscriptionOf(session.id);
    const cancelled = await stripe.subscriptions.cancel(sub.id, { prorate: true, invoice_now: true });
    expect(cancelled.status).toBe('canceled');
    const { data } = await stripe.invoices.list({ customer: customer.id, subscription: sub.id });
    expect(data).toHaveLength(1);
    const balance = (await stripe.customers.retrieve(customer.id)) as { balance: number };
    expect(balance.balance).toBeLessThan(0);
    expect(await stripeErrorOf(stripe.subscriptions.cancel(sub.id))).toMatchObject({ status: 400 });
  });

  it('ends a trial and a pending cancellation when the clock passes the period', async () => {
    const { session: trial } = await subscribeForTest(local, { trialDays: 7 });
    const { session: ending } = await subscribeForTest(local);
    const trialing = await subscriptionOf(trial.id);
    expect(trialing.status).toBe('trialing');
    await stripe.subscriptions.update((await subscriptionOf(ending.id)).id, { cancel_at_period_end: true });
    await fetch(`${local.server.url}/__control/clock/advance`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_local_unit',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ seconds: String(31 * 24 * 3600) }),
    });
    expect((await subscriptionOf(trial.id)).status).toBe('active');
    expect((await subscriptionOf(ending.id)).status).toBe('canceled');
  });
});
