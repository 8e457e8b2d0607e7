import { teamParamsSchema } from '@agentforge/shared';
import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams/{teamId}/sso (Admins): the team's single sign-on, its client secret masked, each domain's TXT record. */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) =>
  ok(await teamSso().get(caller, params.teamId)),
);
