import { mcpServerConfigBodySchema, teamScopeQuerySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /mcp-servers[?teamId=]: a new server configuration, status 'defined' (a team's: Admins only). */
export const handler = httpRoute(
  { body: mcpServerConfigBodySchema, query: teamScopeQuerySchema },
  async ({ caller, body, query }) =>
    created(
      await mcpServerService().create(await teamScope().actor(caller, query.teamId, 'manageServers'), body),
    ),
);
