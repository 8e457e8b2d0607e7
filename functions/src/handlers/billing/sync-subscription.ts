import { syncSubscriptionBodySchema } from '@agentforge/shared';
import * as z from 'zod';
import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/sync {sessionId?}: the success page re-reads Stripe, before any webhook arrives. */
export const handler = httpRoute({ body: z.optional(syncSubscriptionBodySchema) }, async ({ caller, body }) =>
  ok(await subscriptionService().sync(caller, body?.sessionId)),
);
