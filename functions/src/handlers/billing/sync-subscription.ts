import { syncSubscriptionBodySchema } from '@agentforge/shared';
import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/sync {sessionId?}: the success page re-reads Stripe, before any webhook arrives. */
export const handler = httpRoute({ body: syncSubscriptionBodySchema.optional() }, async ({ caller, body }) =>
  ok(await subscriptionService().sync(caller, body?.sessionId)),
);
