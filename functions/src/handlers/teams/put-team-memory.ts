import { teamMemoryBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamMemory } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /teams/{teamId}/memory {allowed} (Admins): allows members' memory in the team's space, or not. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: teamMemoryBodySchema },
  async ({ caller, params, body }) => ok(await teamMemory().set(caller, params.teamId, body.allowed)),
);
