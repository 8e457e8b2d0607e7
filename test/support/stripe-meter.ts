import type Stripe from 'stripe';
import { OVERAGE_METER_EVENT } from '../../functions/src/adapters/stripe/catalog.js';

/** The id of the Billing Meter the overage is reported on (the local stack creates it at start). */
export async function tokenMeterId(stripe: Stripe): Promise<string> {
  const { data } = await stripe.billing.meters.list({ status: 'active' });
  const meter = data.find((candidate) => candidate.event_name === OVERAGE_METER_EVENT);
  if (!meter) throw new Error(`No active meter for ${OVERAGE_METER_EVENT}`);
  return meter.id;
}
