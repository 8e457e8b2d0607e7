import { teamInvitationParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/{teamId}/invitations/{invitationId}/resend: a new code and a new week, e-mailed again. */
export const handler = httpRoute({ params: teamInvitationParamsSchema }, async ({ caller, params }) =>
  ok(await teamService().resendInvitation(caller, params.teamId, params.invitationId)),
);
