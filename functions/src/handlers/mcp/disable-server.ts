import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** POST /mcp-servers/{id}/disable */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok(
    await audited(
      caller,
      {
        action: 'mcp_server.disabled',
        target: `mcp-server:${params.id}`,
        details: (server) => ({ status: server.status }),
      },
      () => mcpServerService().disable(caller, params.id),
    ),
  ),
);
