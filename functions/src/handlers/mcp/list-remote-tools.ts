import { remoteMcpConnector } from '../../composition/remote-mcp.js';
import { listRemoteTools } from '../../domain/mcp/remote-tools.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/**
 * GET /mcp-servers/{id}/tools: a remote server's tools (MCP tools/list), for the tool-approvals
 * dialog. Only a remote server the caller may use (their own, or a team's they are a member of)
 * is found; a hosted server's tools are listed through the gateway.
 */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok({ tools: await listRemoteTools(remoteMcpConnector(), caller, params.id) }),
);
