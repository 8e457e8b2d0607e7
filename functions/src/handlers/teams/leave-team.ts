import { teamParamsSchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** POST /teams/{teamId}/leave: the caller leaves (not the owner, not the last Admin). */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) => {
  await teamService().leave(caller, params.teamId);
  return noContent();
});
