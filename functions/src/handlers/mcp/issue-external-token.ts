import { mcpServerService } from '../../composition/mcp.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { externalTokenOwner, serverParams } from './params.js';

/**
 * POST /mcp-servers/{id}/external-token: a token for external MCP clients, shown this once. It is
 * bound to the caller who issued it: a team server's stops working when they may no longer manage it.
 */
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
        owner = await externalTokenOwner(caller, params.id);
        return mcpServerService().issueExternalToken(owner, params.id, caller.userId);
      },
    ),
  );
});
