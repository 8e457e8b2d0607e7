import { teamScopeQuerySchema } from '@agentforge/shared';
import { apiKeyService } from '../../composition/models.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { createApiKeyRequestSchema } from './request-schemas.js';

/**
 * POST /api-keys[?teamId=]: stores a provider key (or Custom endpoint) encrypted; answers its masked
 * view. A team's key (Admins only) is stored with the team as its owner.
 */
export const handler = httpRoute(
  { body: createApiKeyRequestSchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    let owner: Caller | undefined;
    return created(
      await audited(
        caller,
        {
          action: 'api_key.created',
          target: (key) => `api-key:${key.id}`,
          // The provider and label only: never the key, its last 4, or the endpoint (it may hold credentials).
          details: (key) => ({
            provider: key.provider,
            label: key.label,
            ...(query.teamId ? { teamId: query.teamId } : {}),
          }),
          team: () => teamOfOwner(owner),
        },
        async () => {
          owner = await teamScope().actor(caller, query.teamId, 'manageKeys');
          return apiKeyService().create(owner.userId, body);
        },
      ),
    );
  },
);
