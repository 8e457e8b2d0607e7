import { teamParamsSchema } from '@agentforge/shared';
import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /teams/{teamId}/sso (Admins): the provider leaves the user pool, the domains are released. */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) => {
  await teamSso().remove(caller, params.teamId);
  return noContent();
});
