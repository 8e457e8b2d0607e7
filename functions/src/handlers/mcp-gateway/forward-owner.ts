import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import { httpRoute } from '../../http/http-route.js';
import { ownsServer } from '../mcp/params.js';
import { forward } from './forward.js';
import { gatewayParams, mcpMessage } from './params.js';

/**
 * POST /mcp-gateway/{serverId}: MCP (Streamable HTTP, JSON responses) for the server's owner,
 * authenticated by the Cognito authorizer (or a member of the team owning it). The chat's tool calls come this way.
 * A team server with per-member values is reached as the caller's own instance, never another's.
 */
export const handler = httpRoute(
  { params: gatewayParams, body: mcpMessage },
  async ({ caller, params, body, event }) =>
    forward(
      await mcpServerService().runOf(
        await teamScope().resolve(caller, 'use', ownsServer(caller, params.serverId)),
        params.serverId,
      ),
      body,
      event,
    ),
);
