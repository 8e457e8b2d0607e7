import { teamParamsSchema } from '@agentforge/shared';
import { teamMemory } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams/{teamId}/memory (members): whether members' memory is used in the team's space. */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) =>
  ok(await teamMemory().get(caller, params.teamId)),
);
