import { catalogService } from '../../composition/catalog.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * GET /mcp/catalog: the MCP server catalog (the default list, the operator's file, a registry),
 * for any signed-in member; the same for everyone, so it names nobody's servers or values.
 */
export const handler = httpRoute({}, async () => ok({ entries: await catalogService().list() }));
