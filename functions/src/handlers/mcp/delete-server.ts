import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/** DELETE /mcp-servers/{id}: a running server is disabled first; refused during transitions. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  let owner: Caller | undefined;
  const team = () => teamOfOwner(owner);
  await audited(
    caller,
    { action: 'mcp_server.deleted', target: `mcp-server:${params.id}`, team },
    async () => {
      owner = await teamScope().resolve(caller, 'manageServers', ownsServer(caller, params.id));
      await mcpServerService().delete(owner, params.id);
    },
  );
  return noContent();
});
