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
