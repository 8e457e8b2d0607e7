import { teamMemberParamsSchema, updateMemberBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /teams/{teamId}/members/{userId} {role}: Admins change a member's role. */
export const handler = httpRoute(
  { params: teamMemberParamsSchema, body: updateMemberBodySchema },
  async ({ caller, params, body }) =>
    ok(await teamService().changeRole(caller, params.teamId, params.userId, body.role)),
);
