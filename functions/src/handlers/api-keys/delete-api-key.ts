import { teamScopeQuerySchema } from '@agentforge/shared';
import { apiKeyService } from '../../composition/models.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { apiKeyIdParamsSchema } from './request-schemas.js';

/** DELETE /api-keys/{id}[?teamId=]: 404 for an unknown id or another user's (or team's) key. */
export const handler = httpRoute(
  { params: apiKeyIdParamsSchema, query: teamScopeQuerySchema },
  async ({ params, caller, query }) => {
    let owner: Caller | undefined;
    const team = () => teamOfOwner(owner);
    await audited(caller, { action: 'api_key.deleted', target: `api-key:${params.id}`, team }, async () => {
      owner = await teamScope().actor(caller, query.teamId, 'manageKeys');
      await apiKeyService().remove(owner.userId, params.id);
    });
    return noContent();
  },
);
