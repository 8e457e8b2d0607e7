import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/** The caller's own server, or a team's they may act on this way. */
const actor = (caller: Caller, id: string) => teamScope().resolve(caller, 'use', ownsServer(caller, id));

/** POST /mcp-servers/{id}/enable: starts a run within the plan's limits. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  let owner: Caller | undefined;
  return ok(
    await audited(
      caller,
      {
        action: 'mcp_server.enabled',
        target: `mcp-server:${params.id}`,
        details: (server) => ({ status: server.status }),
        team: () => teamOfOwner(owner),
      },
      async () => {
        owner = await actor(caller, params.id);
        return mcpServerService().enable(owner, params.id);
      },
    ),
  );
});
