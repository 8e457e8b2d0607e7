import { planService } from '../../composition/agent-plans.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { planParams } from './params.js';

/** GET /conversations/{id}/plans/{planId} */
export const handler = httpRoute({ params: planParams }, async ({ caller, params }) =>
  ok(await planService().get(caller, params.id, params.planId)),
);
