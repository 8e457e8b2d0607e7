import { portalBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/{teamId}/subscription/portal {returnUrl} (Admins): the team's Stripe Customer Portal. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: portalBodySchema },
  async ({ caller, params, body }) => ok(await teamService().portal(caller, params.teamId, body.returnUrl)),
);
