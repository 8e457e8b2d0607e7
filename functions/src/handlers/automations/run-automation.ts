import { automationRuns } from '../../composition/automation-runs.js';
import { audited } from '../../http/audit.js';
import { httpRoute } from '../../http/http-route.js';
import { automationAccess, automationParams, runView } from './scope.js';

/**
 * POST /automations/{id}/run ('Run now'): the owner's, or a team's by its Admins (403 for its
 * Users). Answers 202 with the queued run at once; the runner carries it on asynchronously.
 * Refused while paused (400) or past the plan's runs a day (429).
 */
export const handler = httpRoute({ params: automationParams }, async ({ caller, params }) => {
  const access = await automationAccess(caller, params.id, 'manage');
  const run = await audited(
    caller,
    {
      action: 'automation.run_started',
      target: `automation:${params.id}`,
      details: (queued) => ({ runId: queued.runId, source: 'manual' }),
      team: () => access.teamId,
    },
    () => automationRuns().runNow(access.actor.ownerId, params.id, caller.userId),
  );
  return { statusCode: 202, body: runView(run) };
});
