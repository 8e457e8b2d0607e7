import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { withOAuthState } from './oauth-view.js';
import { ownsServer, serverParams } from './params.js';

/** The caller's own server, or a team's they may act on this way. */
const actor = (caller: Caller, id: string) => teamScope().resolve(caller, 'use', ownsServer(caller, id));

/** GET /mcp-servers/{id} */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) =>
  ok(
    await withOAuthState(
      caller.userId,
      await mcpServerService().get(await actor(caller, params.id), params.id),
    ),
  ),
);
