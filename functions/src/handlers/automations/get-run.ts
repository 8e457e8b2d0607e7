import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { automationRepository } from '../../composition/automations.js';
import { NotFoundError } from '../../domain/errors.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, runParams, runView } from './scope.js';

/** GET /automations/{id}/runs/{runId}: one run, with its webhook input (members read a team's). */
export const handler = httpRoute({ params: runParams }, async ({ caller, params }) => {
  const access = await automationAccess(caller, params.id, 'read');
  const run = await automationRepository().getRun(access.actor.ownerId, params.id, params.runId);
  if (!run) throw new NotFoundError(AUTOMATION_MESSAGES.runNotFound);
  return ok(runView(run, { withInput: true }));
});
