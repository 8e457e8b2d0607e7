import { memberValuesBodySchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/**
 * PUT /mcp-servers/{id}/my-values: the caller's own values for a team server's per-member
 * variables (any member), encrypted, answered masked; their running instance stops.
 */
export const handler = httpRoute(
  { params: serverParams, body: memberValuesBodySchema },
  async ({ caller, params, body }) => {
    let owner: Caller | undefined;
    return ok(
      await audited(
        caller,
        {
          action: 'mcp_server.member_values_saved',
          target: `mcp-server:${params.id}`,
          // The names only: the values are secrets.
          details: () => ({ variables: Object.keys(body.values).join(',') }),
          team: () => teamOfOwner(owner),
        },
        async () => {
          owner = await teamScope().resolve(caller, 'use', ownsServer(caller, params.id));
          return mcpServerService().saveMemberValues(owner, params.id, body.values);
        },
      ),
    );
  },
);
