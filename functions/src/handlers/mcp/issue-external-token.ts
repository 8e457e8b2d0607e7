import { mcpServerService } from '../../composition/mcp.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** POST /mcp-servers/{id}/external-token: a token for external MCP clients, shown this once. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  created(
    // The record says a token was issued for the server, never the token.
    await audited(
      caller,
      { action: 'mcp_server.external_token_issued', target: `mcp-server:${params.id}` },
      () => mcpServerService().issueExternalToken(caller, params.id),
    ),
  ),
);
