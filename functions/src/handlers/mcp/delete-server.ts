import { mcpServerService } from '../../composition/mcp.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { serverParams } from './params.js';

/** DELETE /mcp-servers/{id}: a running server is disabled first; refused during transitions. */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  await mcpServerService().delete(caller, params.id);
  return noContent();
});
