import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;

describe('the local Stripe: products', () => {
  it('creates a product under the id asked for, retrieves and lists it', async () => {
    const product = await stripe.products.create({ id: 'agentforge_unit', name: 'Unit' });
    expect(product).toMatchObject({ id: 'agentforge_unit', object: 'product', name: 'Unit', active: true });
    expect(await stripe.products.retrieve('agentforge_unit')).toEqual(product);
    const { data } = await stripe.products.list({ ids: ['agentforge_unit'] });
    expect(data.map((listed) => listed.id)).toEqual(['agentforge_unit']);
  });

  it('refuses a second product with the same id and answers 404 for an unknown one, as Stripe does', async () => {
    await stripe.products.create({ id: 'agentforge_twice', name: 'Once' });
    expect(
      await stripeErrorOf(stripe.products.create({ id: 'agentforge_twice', name: 'Twice' })),
    ).toMatchObject({
      status: 400,
      code: 'resource_already_exists',
    });
    expect(await stripeErrorOf(stripe.products.retrieve('agentforge_none'))).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
  });

  it('needs a name', async () => {
    expect(await stripeErrorOf(stripe.products.create({} as never))).toMatchObject({
      status: 400,
      param: 'name',
    });
  });
});
