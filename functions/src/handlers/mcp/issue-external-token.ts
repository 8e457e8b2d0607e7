import { mcpServerService } from '../../composition/mcp.js';
import { created, httpRoute } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** POST /mcp-servers/{id}/external-token: a token for external MCP clients, shown this once. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  created(await mcpServerService().issueExternalToken(caller, params.id)),
);
