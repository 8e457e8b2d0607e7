import { teamParamsSchema, teamSsoBodySchema } from '@agentforge/shared';
import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /teams/{teamId}/sso (Admins): the identity provider (OIDC or SAML), the e-mail domains, require SSO. */
export const handler = httpRoute(
  { params: teamParamsSchema, body: teamSsoBodySchema, maxBodyBytes: 160 * 1024 },
  async ({ caller, params, body }) => ok(await teamSso().put(caller, params.teamId, body)),
);
