import { teamMemberParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/**
 * DELETE /teams/{teamId}/members/{userId}: Admins remove a member; with the caller's own id, any
 * member leaves (the one leave path; the owner and the last Admin cannot).
 */
export const handler = httpRoute({ params: teamMemberParamsSchema }, async ({ caller, params }) => {
  await teamService().removeMember(caller, params.teamId, params.userId);
  return noContent();
});
