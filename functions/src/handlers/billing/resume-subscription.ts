import { subscriptionService } from '../../composition/billing.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/resume: undoes a pending cancellation; answers with GET /subscriptions' body. */
export const handler = httpRoute({}, async ({ caller }) =>
  ok(
    await audited(
      caller,
      {
        action: 'subscription.resumed',
        target: 'subscription',
        details: ({ subscription }) => ({ tier: subscription.tier, status: subscription.status }),
      },
      () => subscriptionService().resume(caller),
    ),
  ),
);
