import { planService } from '../../composition/agent-plans.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { planParams } from './params.js';

/** POST /conversations/{id}/plans/{planId}/cancel: 'No, cancel'; a running step is stopped. */
export const handler = httpRoute({ params: planParams }, async ({ caller, params }) =>
  ok(await planService().cancel(caller, params.id, params.planId)),
);
