import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/** The caller's own server, or a team's they may act on this way. */
const actor = (caller: Caller, id: string) =>
  teamScope().resolve(caller, 'manageServers', ownsServer(caller, id));

/** POST /mcp-servers/{id}/external-token: a token for external MCP clients, shown this once. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  let owner: Caller | undefined;
  return created(
    // The record says a token was issued for the server, never the token.
    await audited(
      caller,
      {
        action: 'mcp_server.external_token_issued',
        target: `mcp-server:${params.id}`,
        team: () => teamOfOwner(owner),
      },
      async () => {
        owner = await actor(caller, params.id);
        return mcpServerService().issueExternalToken(owner, params.id);
      },
    ),
  );
});
