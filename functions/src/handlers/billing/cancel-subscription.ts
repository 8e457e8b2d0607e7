import { subscriptionService } from '../../composition/billing.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /subscriptions/cancel -> {currentPeriodEnd}: cancels at the end of the paid period. */
export const handler = httpRoute({}, async ({ caller }) =>
  ok(
    await audited(caller, { action: 'subscription.cancelled', target: 'subscription' }, () =>
      subscriptionService().cancel(caller),
    ),
  ),
);
