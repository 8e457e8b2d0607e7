import { mcpServerService } from '../../composition/mcp.js';
import type { Caller } from '../../domain/caller.js';
import { audited, teamOfOwner } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { externalTokenOwner, serverParams } from './params.js';

/**
 * DELETE /mcp-servers/{id}/external-token: external clients' token stops working at once (204, also
 * when none was active). The same people as issuing one.
 */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  let owner: Caller | undefined;
  await audited(
    caller,
    {
      action: 'mcp_server.external_token_revoked',
      target: `mcp-server:${params.id}`,
      details: ({ revoked }) => ({ reason: 'revoked', wasActive: revoked }),
      team: () => teamOfOwner(owner),
    },
    async () => {
      owner = await externalTokenOwner(caller, params.id);
      return mcpServerService().revokeExternalToken(owner, params.id);
    },
  );
  return noContent();
});
