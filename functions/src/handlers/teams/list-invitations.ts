import { teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams/{teamId}/invitations: Admins see the pending invitations (never their codes). */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) =>
  ok(await teamService().listInvitations(caller, params.teamId)),
);
