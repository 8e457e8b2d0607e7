import { teamParamsSchema, transferOwnershipBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/{teamId}/transfer-ownership {userId}: the owner hands the team to a member. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: transferOwnershipBodySchema },
  async ({ caller, params, body }) =>
    ok(await teamService().transferOwnership(caller, params.teamId, body.userId)),
);
