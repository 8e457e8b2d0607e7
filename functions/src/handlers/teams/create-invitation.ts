import { createInvitationBodySchema, teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /teams/{teamId}/invitations {email, role}: Admins invite by e-mail (the code goes by mail only). */
export const handler = httpRoute(
  { params: teamParamsSchema, body: createInvitationBodySchema },
  async ({ caller, params, body }) => created(await teamService().invite(caller, params.teamId, body)),
);
