import { auditVerifyQuerySchema } from '@agentforge/shared';
import { auditService } from '../../composition/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { readableScope } from './scope.js';

/**
 * GET /audit/verify?teamId: walks the whole chain of the caller's (or the team's, for its Admins)
 * log and says whether every record still gives its hash and links to the one before.
 */
export const handler = httpRoute({ query: auditVerifyQuerySchema }, async ({ caller, query }) =>
  ok(await auditService().verify(await readableScope(caller, query.teamId))),
);
