import { updatePlanStepBodySchema } from '@agentforge/shared';
import { planService } from '../../composition/agent-plans.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { stepParams } from './params.js';

/** PATCH /conversations/{id}/plans/{planId}/steps/{stepId}: edit a step not yet confirmed. */
export const handler = httpRoute(
  { params: stepParams, body: updatePlanStepBodySchema },
  async ({ caller, params, body }) =>
    ok(await planService().edit(caller, params.id, params.planId, params.stepId, body)),
);
