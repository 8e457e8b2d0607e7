import { teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams/{teamId}/usage (Admins): each member's usage and the team servers' compute. */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) =>
  ok(await teamService().usage(caller, params.teamId)),
);
