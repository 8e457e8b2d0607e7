import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf, subscribeForTest } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;

describe('the local Stripe: checkout sessions and the hosted checkout page', () => {
  it('completes a session paid with the test card: the subscription, the redirect, the events in order', async () => {
    const { session, paid, customer } = await subscribeForTest(local);
    expect(session).toMatchObject({ status: 'open', url: `${local.server.url}/checkout/${session.id}` });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.example/done?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const sub = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(sub).toMatchObject({ status: 'active', customer: customer.id });
    expect(sub.items.data.map((item) => item.quantity)).toEqual([1, undefined]);
    const events = (await (
      await fetch(`${local.server.url}/__control/events`, {
        headers: { Authorization: 'Bearer sk_test_local_unit' },
      })
    ).json()) as { data: { type: string; created: number }[] };
    expect(events.data.map((event) => event.type).sort()).toEqual(
      ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'].sort(),
    );
  });

  it('keeps the session open on a declined card, and shows a closed one as gone', async () => {
    const { session, paid } = await subscribeForTest(local, { card: '4000 0000 0000 0002' });
    expect(paid.status).toBe(402);
    expect(await paid.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const { session: closed } = await subscribeForTest(local);
    expect((await fetch(`${local.server.url}/checkout/${closed.id}`)).status).toBe(410);
  });

  it('refuses a quantity on a metered price and a session without line items', async () => {
    const { customer, metered } = await subscribeForTest(local);
    const base = {
      mode: 'subscription' as const,
      customer: customer.id,
      success_url: 'http://app.example/ok',
    };
    expect(
      await stripeErrorOf(
        stripe.checkout.sessions.create({ ...base, line_items: [{ price: metered.id, quantity: 1 }] }),
      ),
    ).toMatchObject({ status: 400, param: 'line_items[0][quantity]' });
    expect(await stripeErrorOf(stripe.checkout.sessions.create(base))).toMatchObject({
      status: 400,
      param: 'line_items',
    });
  });
});
