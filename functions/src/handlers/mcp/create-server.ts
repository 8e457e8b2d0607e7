import { mcpServerConfigBodySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /mcp-servers: a new server configuration, status 'defined'. */
export const handler = httpRoute({ body: mcpServerConfigBodySchema }, async ({ caller, body }) =>
  created(await mcpServerService().create(caller, body)),
);
