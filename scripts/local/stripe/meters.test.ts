import { afterAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeErrorOf } from './testing.js';

const local = await startTestStripe();
afterAll(() => local.stop());
const { stripe } = local;

describe('the local Stripe: billing meters and their events', () => {
  it('creates a meter on an event name, lists it, and refuses a second active one on the same name', async () => {
    const meter = await stripe.billing.meters.create({
      display_name: 'Tokens',
      event_name: 'unit_tokens',
      default_aggregation: { formula: 'sum' },
      customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    });
    expect(meter).toMatchObject({ object: 'billing.meter', event_name: 'unit_tokens', status: 'active' });
    const { data } = await stripe.billing.meters.list({ status: 'active' });
    expect(data.map((listed) => listed.id)).toContain(meter.id);
    expect(
      await stripeErrorOf(
        stripe.billing.meters.create({
          display_name: 'Again',
          event_name: 'unit_tokens',
          default_aggregation: { formula: 'sum' },
        }),
      ),
    ).toMatchObject({ status: 400, param: 'event_name' });
  });

  it("takes events only for an active meter's event name, once per identifier, and sums them per customer", async () => {
    const meter = await stripe.billing.meters.create({
      display_name: 'Calls',
      event_name: 'unit_calls',
      default_aggregation: { formula: 'sum' },
    });
    const at = Math.floor(Date.now() / 1000);
    const send = (identifier: string, customer: string, value: string) =>
      stripe.billing.meterEvents.create({
        event_name: 'unit_calls',
        identifier,
        timestamp: at,
        payload: { stripe_customer_id: customer, value },
      });
    await send('a', 'cus_1', '10');
    await send('a', 'cus_1', '10');
    await send('b', 'cus_1', '5');
    await send('c', 'cus_2', '7');
    const { data } = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer: 'cus_1',
      start_time: at - 60,
      end_time: at + 60,
    });
    expect(data.map((summary) => summary.aggregated_value)).toEqual([15]);
    expect(
      await stripeErrorOf(
        stripe.billing.meterEvents.create({
          event_name: 'unit_unknown',
          payload: { stripe_customer_id: 'cus_1' },
        }),
      ),
    ).toMatchObject({ status: 400, param: 'event_name' });
  });
});
