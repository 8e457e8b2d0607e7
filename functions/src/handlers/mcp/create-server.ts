import { mcpServerConfigBodySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /mcp-servers: a new server configuration, status 'defined'. */
export const handler = httpRoute({ body: mcpServerConfigBodySchema }, async ({ caller, body }) =>
  created(
    await audited(
      caller,
      {
        action: 'mcp_server.created',
        target: (server) => `mcp-server:${server.id}`,
        // Never the env: its values are secrets.
        details: (server) => ({ name: server.name }),
      },
      () => mcpServerService().create(caller, body),
    ),
  ),
);
