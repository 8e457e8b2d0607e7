import { teamInvitationParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /teams/{teamId}/invitations/{invitationId}: Admins revoke a pending invitation. */
export const handler = httpRoute({ params: teamInvitationParamsSchema }, async ({ caller, params }) => {
  await teamService().revokeInvitation(caller, params.teamId, params.invitationId);
  return noContent();
});
