import { teamMemoryBodySchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

// Apart from teams.ts, which /home loads (the space switcher): only the Teams page needs these.
const path = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/memory`;

/** GET /teams/{teamId}/memory: whether members' memory is used in the team's space. */
export const getTeamMemory = (teamId: string, signal?: AbortSignal): Promise<{ allowed: boolean }> =>
  apiClient.get(path(teamId), { schema: teamMemoryBodySchema, ...(signal ? { signal } : {}) });

/** PUT /teams/{teamId}/memory (Admins). */
export const setTeamMemory = (teamId: string, allowed: boolean): Promise<{ allowed: boolean }> =>
  apiClient.put(path(teamId), { allowed }, { schema: teamMemoryBodySchema });
