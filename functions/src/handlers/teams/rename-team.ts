import { renameTeamBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PATCH /teams/{teamId} {name} (Admins): renames the team; the team as the caller sees it. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: renameTeamBodySchema },
  async ({ caller, params, body }) => ok(await teamService().rename(caller, params.teamId, body)),
);
