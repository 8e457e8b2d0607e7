import { teamSsoDomainParamsSchema } from '@agentforge/shared';
import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /teams/{teamId}/sso/domains/{domain}/verify (Admins): checks the domain's DNS TXT record. */
export const handler = httpRoute({ params: teamSsoDomainParamsSchema }, async ({ caller, params }) =>
  ok(await teamSso().verifyDomain(caller, params.teamId, params.domain)),
);
