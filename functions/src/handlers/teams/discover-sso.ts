import { ssoDiscoverQuerySchema } from '@agentforge/shared';
import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /sso/discover?email= (public): the identity provider of the address's verified domain, or 404. */
export const handler = httpRoute({ query: ssoDiscoverQuerySchema, requireCaller: false }, async ({ query }) =>
  ok(await teamSso().discover(query.email)),
);
