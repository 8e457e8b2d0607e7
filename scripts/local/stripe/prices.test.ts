import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;
await stripe.products.create({ id: 'prod_unit', name: 'Unit' });
const meter = await stripe.billing.meters.create({
  display_name: 'Tokens',
  event_name: 'unit_tokens',
  default_aggregation: { formula: 'sum' },
});

describe('the local Stripe: prices', () => {
  it('creates a licensed price with a lookup key, found by lookup_keys[] as the checkout finds it', async () => {
    const price = await stripe.prices.create({
      product: 'prod_unit',
      currency: 'usd',
      unit_amount: 2500,
      lookup_key: 'unit_monthly',
      recurring: { interval: 'month' },
    });
    expect(price).toMatchObject({
      object: 'price',
      lookup_key: 'unit_monthly',
      unit_amount: 2500,
      type: 'recurring',
      recurring: { interval: 'month', usage_type: 'licensed', meter: null },
    });
    const { data } = await stripe.prices.list({ lookup_keys: ['unit_monthly', 'other'], active: true });
    expect(data.map((listed) => listed.id)).toEqual([price.id]);
  });

  it('creates a metered price on a meter, with a fraction of a cent', async () => {
    const price = await stripe.prices.create({
      product: 'prod_unit',
      currency: 'usd',
      unit_amount_decimal: Stripe.Decimal.from('0.001'),
      lookup_key: 'unit_tokens',
      recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
    });
    expect(price.unit_amount).toBeNull();
    expect(String(price.unit_amount_decimal)).toBe('0.001');
    expect(price.recurring).toMatchObject({ usage_type: 'metered', meter: meter.id });
    expect(
      await stripeErrorOf(
        stripe.prices.create({
          product: 'prod_unit',
          currency: 'usd',
          unit_amount: 1,
          recurring: { interval: 'month', usage_type: 'metered', meter: 'mtr_none' },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('keeps a lookup key on one price: a second is refused unless it transfers the key', async () => {
    const first = await stripe.prices.create({
      product: 'prod_unit',
      currency: 'usd',
      unit_amount: 100,
      lookup_key: 'unit_moving',
    });
    const again = { product: 'prod_unit', currency: 'usd', unit_amount: 200, lookup_key: 'unit_moving' };
    expect(await stripeErrorOf(stripe.prices.create(again))).toMatchObject({
      status: 400,
      param: 'lookup_key',
    });
    const second = await stripe.prices.create({ ...again, transfer_lookup_key: true });
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const { data } = await stripe.prices.list({ lookup_keys: ['unit_moving'] });
    expect(data.map((listed) => listed.id)).toEqual([second.id]);
  });

  it('refuses a price of a product that does not exist', async () => {
    expect(
      await stripeErrorOf(stripe.prices.create({ product: 'prod_none', currency: 'usd', unit_amount: 1 })),
    ).toMatchObject({ status: 404, code: 'resource_missing' });
  });
});

describe('the local Stripe: archiving a price', () => {
  it('takes an archived price out of the active list, keeping it retrievable', async () => {
    const price = await stripe.prices.create({
      product: 'prod_unit',
      currency: 'usd',
      unit_amount: 300,
      lookup_key: 'unit_archived',
    });
    expect(await stripe.prices.update(price.id, { active: false })).toMatchObject({ active: false });
    expect((await stripe.prices.list({ lookup_keys: ['unit_archived'], active: true })).data).toEqual([]);
    expect((await stripe.prices.retrieve(price.id)).active).toBe(false);
  });
});
