import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute } from '../../http/http-route.js';
import { forward } from './forward.js';
import { gatewayParams, mcpMessage } from './params.js';

/**
 * POST /mcp-gateway/{serverId}: MCP (Streamable HTTP, JSON responses) for the server's owner,
 * authenticated by the Cognito authorizer. The chat's tool calls come this way.
 */
export const handler = httpRoute(
  { params: gatewayParams, body: mcpMessage },
  async ({ caller, params, body, event }) =>
    forward(await mcpServerService().owned(caller, params.serverId), body, event),
);
