import { type TeamSso, type TeamSsoBody, teamSsoSchema } from '@agentforge/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { teamKeys } from './queries';

const sso = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/sso`;

/** GET /teams/{teamId}/sso (Admins): the team's single sign-on, or null when none is set up (404). */
async function getTeamSso(teamId: string, signal?: AbortSignal): Promise<TeamSso | null> {
  try {
    return await apiClient.get(sso(teamId), { schema: teamSsoSchema, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /teams/{teamId}/sso (Admins): the provider, domains and 'require SSO' (no secret keeps the stored one). */
export const putTeamSso = (teamId: string, body: TeamSsoBody): Promise<TeamSso> =>
  apiClient.put(sso(teamId), body, { schema: teamSsoSchema });

/** POST /teams/{teamId}/sso/domains/{domain}/verify (Admins): reads the domain's TXT record. */
export const verifySsoDomain = (teamId: string, domain: string): Promise<TeamSso> =>
  apiClient.post(`${sso(teamId)}/domains/${encodeURIComponent(domain)}/verify`, undefined, {
    schema: teamSsoSchema,
  });

/** DELETE /teams/{teamId}/sso (Admins): the provider leaves the user pool, the domains are released. */
export const deleteTeamSso = (teamId: string): Promise<unknown> => apiClient.del(sso(teamId));

export const teamSsoQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...teamKeys.all, 'sso', teamId] as const,
    queryFn: ({ signal }) => getTeamSso(teamId, signal),
  });
