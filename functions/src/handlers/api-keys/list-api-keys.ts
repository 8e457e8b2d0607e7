import { teamScopeQuerySchema } from '@agentforge/shared';
import { apiKeyService } from '../../composition/models.js';
import { teamScope } from '../../composition/team-scope.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /api-keys[?teamId=]: the caller's stored keys, masked (last 4 characters only); a team's to its Admins. */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) => {
  const owner = await teamScope().actor(caller, query.teamId, 'manageKeys');
  return ok(await apiKeyService().list(owner.userId));
});
