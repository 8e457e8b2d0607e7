import { acceptInvitationBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /teams/join {code}: the invitee, signed in with the invited e-mail, joins the team. Open to
 * every signed-in user (`everyone`): on a waitlist stage a team's invitation is an admission, so a
 * waitlisted invitee is let in by accepting it (the service checks the code and the address first).
 */
export const handler = httpRoute(
  { body: acceptInvitationBodySchema, access: 'everyone' },
  async ({ caller, body }) => ok(await teamService().accept(caller, body)),
);
