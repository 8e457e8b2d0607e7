import { mcpServerConfigBodySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** PUT /mcp-servers/{id} and PUT /mcp/servers/{id}: only while defined, disabled or in error. */
export const handler = httpRoute(
  { params: serverParams, body: mcpServerConfigBodySchema },
  async ({ caller, params, body }) =>
    ok(
      await audited(
        caller,
        {
          action: 'mcp_server.updated',
          target: `mcp-server:${params.id}`,
          details: (server) => ({ name: server.name }),
        },
        () => mcpServerService().update(caller, params.id, body),
      ),
    ),
);
