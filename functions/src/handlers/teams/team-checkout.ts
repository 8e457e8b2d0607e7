import { teamCheckoutBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/{teamId}/subscription/checkout {successUrl, cancelUrl}: Admins subscribe the team to Teams. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: teamCheckoutBodySchema },
  async ({ caller, params, body }) => ok(await teamService().checkout(caller, params.teamId, body)),
);
