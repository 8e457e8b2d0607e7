import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** POST /mcp-servers/{id}/disable */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok(await mcpServerService().disable(caller, params.id)),
);
