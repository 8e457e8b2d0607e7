import { acceptInvitationBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /teams/join/invitation {code}: the invitation as its invitee reads it on the join page (the
 * team, who invited, the role, the expiry). A read, posted so the code stays out of URLs and logs.
 * Open to every signed-in user like accepting (a waitlisted invitee reads it too); the service
 * answers only the invited address.
 */
export const handler = httpRoute(
  { body: acceptInvitationBodySchema, access: 'everyone' },
  async ({ caller, body }) => ok(await teamService().readInvitation(caller, body)),
);
