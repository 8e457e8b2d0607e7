import { mcpServerService } from '../../composition/mcp.js';
import { teamRoles } from '../../composition/team-scope.js';
import { httpRoute } from '../../http/http-route.js';
import { forward } from './forward.js';
import { gatewayParams, mcpMessage } from './params.js';

/**
 * POST /mcp-external/{serverId}: the same for external MCP clients (Claude Desktop, Cursor),
 * authenticated by the server's own token (`Authorization: Bearer <token>`); a team server's only
 * while the person who issued it may still manage the team's servers (their role is read now).
 */
export const handler = httpRoute(
  { params: gatewayParams, body: mcpMessage, requireCaller: false },
  async ({ params, body, event }) => {
    const token = (event.headers.Authorization ?? event.headers.authorization)?.replace(/^Bearer\s+/i, '');
    return forward(
      await mcpServerService().byExternalToken(params.serverId, token, teamRoles()),
      body,
      event,
    );
  },
);
