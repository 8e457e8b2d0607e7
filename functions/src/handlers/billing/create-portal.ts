import { portalBodySchema } from '@agentforge/shared';
import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/portal {returnUrl} -> {url}: Stripe's Customer Portal (cards, invoices). */
export const handler = httpRoute({ body: portalBodySchema }, async ({ caller, body }) =>
  ok(await subscriptionService().portal(caller, body.returnUrl)),
);
