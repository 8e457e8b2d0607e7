import { auditExportQuerySchema } from '@agentforge/shared';
import { auditService } from '../../composition/audit.js';
import { httpRoute } from '../../http/http-route.js';
import { readableScope } from './scope.js';

/** GET /audit/export?teamId&format=csv|json&actor&action&from&to: a download of the caller's (or team's) records. */
export const handler = httpRoute({ query: auditExportQuerySchema }, async ({ caller, query }) => {
  const { format, teamId, ...filters } = query;
  const file = await auditService().export(await readableScope(caller, teamId), filters, format);
  return {
    statusCode: 200,
    text: file.body,
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  };
});
