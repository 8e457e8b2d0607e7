import { teamScopeQuerySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * GET /mcp-servers and GET /mcp/servers: the caller's servers, statuses fresh from the runner;
 * with `?teamId=` the team's (any member).
 */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) =>
  ok(await mcpServerService().list(await teamScope().actor(caller, query.teamId, 'use'))),
);
