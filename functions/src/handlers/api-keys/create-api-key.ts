import { teamScopeQuerySchema } from '@agentforge/shared';
import { apiKeyService } from '../../composition/models.js';
import { teamScope } from '../../composition/team-scope.js';
import { created, httpRoute } from '../../http/http-route.js';
import { createApiKeyRequestSchema } from './request-schemas.js';

/**
 * POST /api-keys[?teamId=]: stores a provider key (or Custom endpoint) encrypted; answers its masked
 * view. A team's key (Admins only) is stored with the team as its owner.
 */
export const handler = httpRoute(
  { body: createApiKeyRequestSchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const owner = await teamScope().actor(caller, query.teamId, 'manageKeys');
    return created(await apiKeyService().create(owner.userId, body));
  },
);
