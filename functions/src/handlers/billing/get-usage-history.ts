import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /subscriptions/usage: tokens per day for 30 days, this month's compute and overage. */
export const handler = httpRoute({}, async ({ caller }) =>
  ok(await subscriptionService().usageHistory(caller)),
);
