import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/resume: undoes a pending cancellation; answers with GET /subscriptions' body. */
export const handler = httpRoute({}, async ({ caller }) => ok(await subscriptionService().resume(caller)));
