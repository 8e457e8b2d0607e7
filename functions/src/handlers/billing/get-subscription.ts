import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /subscriptions: the caller's plan and status, and today's usage against it. */
export const handler = httpRoute({}, async ({ caller }) => ok(await subscriptionService().get(caller)));
