import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Stripe from 'stripe';
import { ensureStripeCatalog } from '../stripe-setup/ensure.js';
import type { LocalStackOptions } from './stack-options.js';
import type { Stop } from './stack-stops.js';
import { startLocalStripe } from './stripe/server.js';

/**
 * Subscriptions: the local Stripe service with keys made for this run, its webhooks sent to the
 * local API (`apiUrl`), and the products, prices and token meter made as on AWS. The API's Stripe
 * settings and the origins checkout may return to go into process.env.
 */
export async function startStackStripe(
  options: LocalStackOptions,
  { apiUrl, webOrigins, stops }: { apiUrl: string; webOrigins: string[]; stops: Stop[] },
) {
  // Stripe: the local service with keys made for this run; its webhooks go to this API.
  const stripeKeys = {
    secretKey: `sk_test_local_${randomBytes(18).toString('hex')}`,
    webhookSecret: `whsec_local_${randomBytes(18).toString('hex')}`,
  };
  const stripe = await startLocalStripe({
    port: options.ports.stripe ?? 0,
    dataDir: join(options.dataDir, 'stripe'),
    ...stripeKeys,
    webhookUrl: `${apiUrl}/api/stripe/webhook`,
    webhookRetryDelaysMs: options.stripeWebhookRetryDelaysMs,
    ...(options.quiet ? { quiet: true } : {}),
  });
  stops.push(stripe.stop);
  // The products, prices and token meter, made as on AWS by the setup command's own code.
  await ensureStripeCatalog(
    new Stripe(stripeKeys.secretKey, { host: 'localhost', port: stripe.port, protocol: 'http' }),
  );
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: stripeKeys.secretKey,
    STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
    STRIPE_API_HOST: 'localhost',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    APP_ORIGINS: (options.appOrigins ?? webOrigins).join(','),
  });
  return { stripe, stripeKeys };
}
