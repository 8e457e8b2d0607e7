import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/** DELETE /mcp-servers/{id}: a running server is disabled first; refused during transitions. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  await audited(caller, { action: 'mcp_server.deleted', target: `mcp-server:${params.id}` }, async () => {
    const owner = await teamScope().resolve(caller, 'manageServers', ownsServer(caller, params.id));
    await mcpServerService().delete(owner, params.id);
  });
  return noContent();
});
