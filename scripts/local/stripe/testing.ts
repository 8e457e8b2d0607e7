import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startLocalStripe } from './server.js';

/** A fresh local Stripe on an ephemeral port, and stripe-node pointed at it (for the resource tests). */
export async function startTestStripe() {
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-stripe-'));
  const secretKey = 'sk_test_local_unit';
  const server = await startLocalStripe({
    port: 0,
    dataDir,
    secretKey,
    webhookSecret: 'whsec_unit',
    quiet: true,
  });
  const stripe = new Stripe(secretKey, {
    host: 'localhost',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    server,
    stripe,
    dataDir,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a stripe-node call that Stripe refused carried (status, code, param, message). */
export async function stripeErrorOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      return { status: error.statusCode, code: error.code, param: error.param, message: error.message };
    throw error;
  }
  throw new Error('The call succeeded');
}

/** A customer subscribed through a checkout paid on the hosted page (a licensed price and a metered one). */
export async function subscribeForTest(
  local: Awaited<ReturnType<typeof startTestStripe>>,
  options: { card?: string; quantity?: number; trialDays?: number } = {},
) {
  const { stripe, server } = local;
  const product = await stripe.products.create({ name: 'Plan' });
  const meter = await stripe.billing.meters.create({
    display_name: 'Tokens',
    event_name: `tokens_${product.id}`,
    default_aggregation: { formula: 'sum' },
  });
  const licensed = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 2500,
    nickname: 'Plan',
    recurring: { interval: 'month' },
  });
  const metered = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount_decimal: Stripe.Decimal.from('0.001'),
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
  });
  const customer = await stripe.customers.create({ email: 'unit@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: licensed.id, quantity: options.quantity ?? 1 }, { price: metered.id }],
    success_url: 'http://app.example/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.example/cancel',
    ...(options.trialDays ? { subscription_data: { trial_period_days: options.trialDays } } : {}),
  });
  const paid = await fetch(`${server.url}/checkout/${session.id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: options.card ?? '4242 4242 4242 4242' }),
    redirect: 'manual',
  });
  return { customer, session, paid, licensed, metered };
}
