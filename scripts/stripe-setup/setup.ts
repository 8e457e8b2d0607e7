import type Stripe from 'stripe';
import { HANDLED_EVENTS } from '../../functions/src/domain/billing/webhook.js';
import { ensureStripeCatalog, ensureWebhookEndpoint, type SetupLine } from './ensure.js';
import type { StripeKeyStore } from './key-store.js';

/**
 * The whole setup of a Stripe account for a stage, each step idempotent: the catalogue, the
 * webhook endpoint at the app's `/api/stripe/webhook` with the events the handler acts on, then
 * the secret key and the endpoint's signing secret where the stack reads them. The lines say what
 * was found and what was done; no secret is in them.
 */
export async function setUpStripe(input: {
  stripe: Stripe;
  secretKey: string;
  appOrigin: string;
  store: StripeKeyStore;
}): Promise<SetupLine[]> {
  const lines = await ensureStripeCatalog(input.stripe);
  const url = `${input.appOrigin.replace(/\/+$/, '')}/api/stripe/webhook`;
  const endpoint = await ensureWebhookEndpoint(input.stripe, url, [...HANDLED_EVENTS]);
  lines.push(endpoint.line);
  const stored = await input.store.read();
  const webhookSecret = endpoint.secret ?? stored?.webhookSecret;
  if (!webhookSecret)
    throw new Error(
      `${lines.join('\n')}\nThe webhook endpoint ${endpoint.id} exists but its signing secret is not stored, and Stripe shows it only on creation: delete the endpoint in Stripe's dashboard (Developers, Webhooks) and run this again.`,
    );
  if (stored?.secretKey === input.secretKey && stored.webhookSecret === webhookSecret)
    lines.push('exists: the stored secret key and webhook signing secret');
  else {
    await input.store.write({ secretKey: input.secretKey, webhookSecret });
    lines.push('stored: the secret key and webhook signing secret');
  }
  return lines;
}
