import { teamScopeQuerySchema } from '@agentforge/shared';
import { automationService } from '../../composition/automations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationView, spaceAccess } from './scope.js';

/** GET /automations[?teamId=]: the caller's own automations, or the team's (any member reads them). */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) => {
  const access = await spaceAccess(caller, query.teamId, 'read');
  const automations = await automationService().list(access.actor.ownerId);
  return ok({
    automations: automations.map((automation) => automationView(automation, access)),
  });
});
