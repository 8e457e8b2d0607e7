import { auditListQuerySchema } from '@agentforge/shared';
import { auditService } from '../../composition/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { readableScope } from './scope.js';

/** GET /audit?actor&action&from&to&cursor&limit: the caller's records, newest first. */
export const handler = httpRoute({ query: auditListQuerySchema }, async ({ caller, query }) =>
  ok(await auditService().list(readableScope(caller), query)),
);
