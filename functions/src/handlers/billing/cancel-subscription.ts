import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/cancel -> {currentPeriodEnd}: cancels at the end of the paid period. */
export const handler = httpRoute({}, async ({ caller }) => ok(await subscriptionService().cancel(caller)));
