import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** GET /mcp-servers/{id} */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok(await mcpServerService().get(caller, params.id)),
);
