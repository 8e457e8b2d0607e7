import { overageCapBodySchema } from '@agentforge/shared';
import { subscriptionService } from '../../composition/billing.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /subscriptions/overage-cap {capUsd}: the most a month's extra tokens may cost. */
export const handler = httpRoute({ body: overageCapBodySchema }, async ({ caller, body }) =>
  ok(await subscriptionService().setOverageCap(caller, body.capUsd)),
);
