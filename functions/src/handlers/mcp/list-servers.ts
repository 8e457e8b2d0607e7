import { teamScopeQuerySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { withOAuthState } from './oauth-view.js';

/**
 * GET /mcp-servers and GET /mcp/servers: the caller's servers, statuses fresh from the runner;
 * with `?teamId=` the team's (any member). A remote server says the caller's OAuth state.
 */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) => {
  const servers = await mcpServerService().list(await teamScope().actor(caller, query.teamId, 'use'));
  return ok(await Promise.all(servers.map((server) => withOAuthState(caller.userId, server))));
});
