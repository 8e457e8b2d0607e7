import { auditExportQuerySchema } from '@agentforge/shared';
import { auditService } from '../../composition/audit.js';
import { httpRoute } from '../../http/http-route.js';
import { readableScope } from './scope.js';

/** GET /audit/export?format=csv|json&actor&action&from&to: a download of the caller's records. */
export const handler = httpRoute({ query: auditExportQuerySchema }, async ({ caller, query }) => {
  const { format, ...filters } = query;
  const file = await auditService().export(readableScope(caller), filters, format);
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
