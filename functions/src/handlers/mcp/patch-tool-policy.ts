import { toolPolicyPatchSchema } from '@agentforge/shared';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/**
 * PATCH /mcp-servers/{id}/tool-policy: which tools run unasked, ask first or are never offered.
 * A team server's policy is its Admins' (who configure it), as its configuration is.
 */
export const handler = httpRoute(
  { params: serverParams, body: toolPolicyPatchSchema },
  async ({ caller, params, body }) => {
    let owner: Caller | undefined;
    return ok(
      await audited(
        caller,
        {
          action: 'mcp_server.tool_policy_changed',
          target: `mcp-server:${params.id}`,
          // The tools' names and settings, within the details' bounds.
          details: () => ({
            ...(body.default ? { default: body.default } : {}),
            tools: JSON.stringify(body.tools ?? {}).slice(0, 500),
          }),
          team: () => teamOfOwner(owner),
        },
        async () => {
          owner = await teamScope().resolve(caller, 'manageServers', ownsServer(caller, params.id));
          return mcpServerService().patchToolPolicy(owner, params.id, body);
        },
      ),
    );
  },
);
