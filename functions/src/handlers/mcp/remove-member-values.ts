import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/** DELETE /mcp-servers/{id}/my-values: the caller's own values go, and their instance with them. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  let owner: Caller | undefined;
  return ok(
    await audited(
      caller,
      {
        action: 'mcp_server.member_values_removed',
        target: `mcp-server:${params.id}`,
        team: () => teamOfOwner(owner),
      },
      async () => {
        owner = await teamScope().resolve(caller, 'use', ownsServer(caller, params.id));
        return mcpServerService().removeMemberValues(owner, params.id);
      },
    ),
  );
});
