import { mcpServerConfigBodySchema, teamScopeQuerySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { withOAuthState } from './oauth-view.js';

/** POST /mcp-servers[?teamId=]: a new server configuration, status 'defined' (a team's: Admins only). */
export const handler = httpRoute(
  { body: mcpServerConfigBodySchema, query: teamScopeQuerySchema },
  async ({ caller, body, query }) => {
    let owner: Caller | undefined;
    return created(
      await audited(
        caller,
        {
          action: 'mcp_server.created',
          target: (server) => `mcp-server:${server.id}`,
          // Never the env: its values are secrets.
          details: (server) => ({ name: server.name, ...(query.teamId ? { teamId: query.teamId } : {}) }),
          team: () => teamOfOwner(owner),
        },
        async () => {
          owner = await teamScope().actor(caller, query.teamId, 'manageServers');
          return withOAuthState(caller.userId, await mcpServerService().create(owner, body));
        },
      ),
    );
  },
);
