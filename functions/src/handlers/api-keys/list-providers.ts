import { teamProviderId, teamScopeQuerySchema } from '@agentforge/shared';
import { apiKeyService } from '../../composition/models.js';
import { teamScope } from '../../composition/team-scope.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * GET /api-keys/providers[?teamId=]: the providers and models the caller can chat with now. With a
 * team (any member), those of the team's keys, their ids as `team:<teamId>:<providerId>`: the chat
 * resolves them as the team's after checking the membership again; no key material is ever listed.
 */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) => {
  if (!query.teamId) return ok(await apiKeyService().listProviders(caller.userId));
  const owner = await teamScope().actor(caller, query.teamId, 'use');
  const teamId = query.teamId;
  const [keys, providers] = await Promise.all([
    apiKeyService().list(owner.userId),
    apiKeyService().listProviders(owner.userId),
  ]);
  // Only what the team's keys give: the platform's models stay in the personal list.
  const keyed = new Set(keys.map((key) => (key.provider === 'custom' ? `custom:${key.id}` : key.provider)));
  return ok(
    providers
      .filter((provider) => keyed.has(provider.id))
      .map((provider) => ({ ...provider, id: teamProviderId(teamId, provider.id) })),
  );
});
