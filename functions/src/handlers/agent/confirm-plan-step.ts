import { planService } from '../../composition/agent-plans.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { stepParams } from './params.js';

/** POST /conversations/{id}/plans/{planId}/steps/{stepId}/confirm: 'Yes, proceed' (idempotent). */
export const handler = httpRoute({ params: stepParams }, async ({ caller, params }) =>
  ok(
    await audited(
      caller,
      {
        action: 'agent.step_confirmed',
        target: `plan-step:${params.planId}/${params.stepId}`,
        details: () => ({ conversationId: params.id }),
      },
      () => planService().confirm(caller, params.id, params.planId, params.stepId),
    ),
  ),
);
