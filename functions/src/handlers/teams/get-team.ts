import { teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams/{teamId}: the team and its members (members only). */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) =>
  ok(await teamService().get(caller, params.teamId)),
);
