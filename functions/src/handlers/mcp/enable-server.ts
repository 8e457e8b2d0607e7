import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** POST /mcp-servers/{id}/enable: starts a run within the plan's limits. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok(
    await audited(
      caller,
      {
        action: 'mcp_server.enabled',
        target: `mcp-server:${params.id}`,
        details: (server) => ({ status: server.status }),
      },
      () => mcpServerService().enable(caller, params.id),
    ),
  ),
);
