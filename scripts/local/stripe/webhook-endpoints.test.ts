import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;

describe('the local Stripe: webhook endpoints', () => {
  it('returns the signing secret once, on create; lists, retrieves and updates without it', async () => {
    const created = await stripe.webhookEndpoints.create({
      url: 'https://app.example/api/stripe/webhook',
      enabled_events: ['invoice.paid'],
    });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://app.example/api/stripe/webhook',
      enabled_events: ['invoice.paid'],
      status: 'enabled',
    });
    expect(created.secret).toMatch(/^whsec_/);
    const { data } = await stripe.webhookEndpoints.list();
    expect(data).toEqual([expect.objectContaining({ id: created.id })]);
    expect(data[0]?.secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.retrieve(created.id)).secret).toBeUndefined();
    const updated = await stripe.webhookEndpoints.update(created.id, {
      enabled_events: ['invoice.paid', 'customer.subscription.updated'],
    });
    expect(updated.enabled_events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(updated.secret).toBeUndefined();
  });

  it('needs a url and events, and deletes an endpoint', async () => {
    expect(
      await stripeErrorOf(stripe.webhookEndpoints.create({ enabled_events: ['*'] } as never)),
    ).toMatchObject({
      status: 400,
      param: 'url',
    });
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'https://gone.example/hook',
      enabled_events: ['*'],
    });
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    expect(await stripeErrorOf(stripe.webhookEndpoints.retrieve(endpoint.id))).toMatchObject({ status: 404 });
  });
});
