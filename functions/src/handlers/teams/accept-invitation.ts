import { acceptInvitationBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/join {code}: the invitee, signed in with the invited e-mail, joins the team. */
export const handler = httpRoute({ body: acceptInvitationBodySchema }, async ({ caller, body }) =>
  ok(await teamService().accept(caller, body)),
);
