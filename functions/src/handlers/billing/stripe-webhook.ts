import { stripeWebhook } from '../../composition/billing.js';
import { clientOf, httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /stripe/webhook (public: Stripe calls it): the raw body is verified against the
 * Stripe-Signature header before anything is read from it.
 */
export const handler = httpRoute({ requireCaller: false }, async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  const signature = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'stripe-signature',
  )?.[1];
  return ok(await stripeWebhook()(raw, signature, clientOf(event)));
});
