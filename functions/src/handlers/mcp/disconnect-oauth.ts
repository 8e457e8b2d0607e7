import { oauthConnect } from '../../composition/remote-oauth.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { serverParams } from './params.js';

/**
 * DELETE /mcp-servers/{id}/oauth: the caller's own connection to the server is revoked where the
 * server supports it (RFC 7009) and deleted. Only ever the caller's own tokens: nothing to check
 * about the server (it may already be gone).
 */
export const handler = httpRoute({ params: serverParams }, async ({ caller, params }) => {
  await audited(caller, { action: 'mcp_server.oauth_disconnected', target: `mcp-server:${params.id}` }, () =>
    oauthConnect().disconnect(caller.userId, params.id),
  );
  return noContent();
});
