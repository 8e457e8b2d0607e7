import { planService } from '../../composition/agent.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { stepParams } from './params.js';

/** POST /conversations/{id}/plans/{planId}/steps/{stepId}/confirm: 'Yes, proceed' (idempotent). */
export const handler = httpRoute({ params: stepParams }, async ({ caller, params }) =>
  ok(await planService().confirm(caller, params.id, params.planId, params.stepId)),
);
