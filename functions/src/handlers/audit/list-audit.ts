import { auditListQuerySchema } from '@agentforge/shared';
import { auditService } from '../../composition/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { readableScope } from './scope.js';

/** GET /audit?teamId&actor&action&from&to&cursor&limit: the caller's (or team's) records, newest first. */
export const handler = httpRoute({ query: auditListQuerySchema }, async ({ caller, query }) => {
  const { teamId, ...filters } = query;
  return ok(await auditService().list(await readableScope(caller, teamId), filters));
});
