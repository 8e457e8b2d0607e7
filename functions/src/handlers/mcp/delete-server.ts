import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** DELETE /mcp-servers/{id}: a running server is disabled first; refused during transitions. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  await audited(caller, { action: 'mcp_server.deleted', target: `mcp-server:${params.id}` }, () =>
    mcpServerService().delete(caller, params.id),
  );
  return noContent();
});
