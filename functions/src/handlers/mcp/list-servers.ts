import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /mcp-servers and GET /mcp/servers: the caller's servers, statuses fresh from the runner. */
export const handler = httpRoute({}, async ({ caller }) => ok(await mcpServerService().list(caller)));
