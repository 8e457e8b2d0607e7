import { type Provider, providerListSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';
import { currentSpaceTeamId } from '../../teams/utils/space';

/**
 * GET /api-keys/providers: the providers (and their models) the user can chat with now. In a team
 * space the team's providers (`team:<teamId>:…`, its keys, never shown) follow the user's own.
 */
export async function listProviders(signal?: AbortSignal): Promise<Provider[]> {
  const options = { schema: providerListSchema, ...(signal ? { signal } : {}) };
  const teamId = currentSpaceTeamId();
  const [own, team] = await Promise.all([
    apiClient.get('/api-keys/providers', options),
    teamId ? apiClient.get('/api-keys/providers', { ...options, query: { teamId } }) : [],
  ]);
  return [...own, ...team.map((provider) => ({ ...provider, name: `${provider.name} (team)` }))];
}
