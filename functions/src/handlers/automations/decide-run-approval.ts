import { automationApprovalSchema } from '@agentforge/shared';
import { automationRuns } from '../../composition/automation-runs.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, runParams, runView } from './scope.js';

/**
 * POST /automations/{id}/runs/{runId}/approval: the decision on the call a run waits on, by the
 * owner or a team's Admin: approve (the run goes on, making the call) or cancel. 409 when the run
 * is not waiting.
 */
export const handler = httpRoute(
  { body: automationApprovalSchema, params: runParams },
  async ({ body, caller, params }) => {
    const access = await automationAccess(caller, params.id, 'manage');
    const run = await audited(
      caller,
      {
        action: body.decision === 'approve' ? 'automation.run_approved' : 'automation.run_cancelled',
        target: `automation:${params.id}`,
        details: () => ({ runId: params.runId }),
        team: () => access.teamId,
      },
      () => automationRuns().decide(access.actor.ownerId, params.id, params.runId, body.decision),
    );
    return ok(runView(run));
  },
);
