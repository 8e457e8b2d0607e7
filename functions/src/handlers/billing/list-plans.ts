import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /subscriptions/plans: the selectable plans (Enterprise is contact-only) with their limits. */
export const handler = httpRoute({}, async () => ok(subscriptionService().plans()));
