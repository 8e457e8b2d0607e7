import { checkoutBodySchema, SUBSCRIPTION_TIERS } from '@agentforge/shared';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** Any tier passes the schema, so Free and Enterprise get the service's own clear refusal. */
const body = zm.extend(checkoutBodySchema, { tier: z.enum(SUBSCRIPTION_TIERS) });

/** POST /subscriptions/checkout {tier, successUrl, cancelUrl} -> {url}: a Stripe Checkout Session. */
export const handler = httpRoute({ body }, async ({ caller, body }) =>
  ok(await subscriptionService().checkout(caller, body)),
);
