import { mcpServerConfigBodySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { withOAuthState } from './oauth-view.js';
import { ownsServer, serverParams } from './params.js';

/** PUT /mcp-servers/{id} and PUT /mcp/servers/{id}: only while defined, disabled or in error. */
export const handler = httpRoute(
  { params: serverParams, body: mcpServerConfigBodySchema },
  async ({ caller, params, body }) => {
    let owner: Caller | undefined;
    return ok(
      await audited(
        caller,
        {
          action: 'mcp_server.updated',
          target: `mcp-server:${params.id}`,
          details: (server) => ({ name: server.name }),
          team: () => teamOfOwner(owner),
        },
        async () => {
          owner = await teamScope().resolve(caller, 'manageServers', ownsServer(caller, params.id));
          return withOAuthState(caller.userId, await mcpServerService().update(owner, params.id, body));
        },
      ),
    );
  },
);
