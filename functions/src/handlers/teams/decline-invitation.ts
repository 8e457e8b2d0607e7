import { acceptInvitationBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** POST /teams/join/decline {code}: the invitee declines; the invitation is no longer pending. */
export const handler = httpRoute(
  { body: acceptInvitationBodySchema, access: 'everyone' },
  async ({ caller, body }) => {
    await teamService().decline(caller, body);
    return noContent();
  },
);
