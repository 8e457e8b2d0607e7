import { overageCapBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /teams/{teamId}/overage-cap {capUsd} (Admins): the most the team space's overage may cost a month. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: overageCapBodySchema },
  async ({ caller, params, body }) =>
    ok(await teamService().setOverageCap(caller, params.teamId, body.capUsd)),
);
