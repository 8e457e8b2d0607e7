import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute } from '../../http/http-route.js';
import { forward } from './forward.js';
import { gatewayParams, mcpMessage } from './params.js';
import { serverActor } from './server-actor.js';

/**
 * POST /mcp-gateway/{serverId}: MCP (Streamable HTTP, JSON responses) for the server's owner,
 * authenticated by the Cognito authorizer (or a member of the team owning it). The chat's tool calls come this way.
 * POST /mcp-automation/{serverId}: the same for an automation run, by its credential (server-actor.ts).
 * A team server with per-member values is reached as the caller's own instance, never another's.
 */
export const handler = httpRoute(
  { params: gatewayParams, body: mcpMessage, requireCaller: false },
  async ({ caller, params, body, event }) =>
    forward(
      await mcpServerService().runOf(await serverActor(caller, event, params.serverId), params.serverId),
      body,
      event,
    ),
);
