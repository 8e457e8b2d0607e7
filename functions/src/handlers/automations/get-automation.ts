import { automationService } from '../../composition/automations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, automationParams, automationView } from './scope.js';

/** GET /automations/{id}: the caller's, or a team's to its members. */
export const handler = httpRoute({ params: automationParams }, async ({ caller, params }) => {
  const access = await automationAccess(caller, params.id, 'read');
  return ok(automationView(await automationService().get(access.actor.ownerId, params.id), access));
});
