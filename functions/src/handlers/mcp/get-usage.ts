import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /mcp/usage: this month's compute minutes against the plan's limit. */
export const handler = httpRoute({}, async ({ caller }) => ok(await mcpServerService().usage(caller)));
