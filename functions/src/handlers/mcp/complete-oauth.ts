import { oauthCallbackBodySchema } from '@agentforge/shared';
import { oauthConnect } from '../../composition/remote-oauth.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /mcp-servers/oauth/callback: the app's callback page hands over the code and state; only a
 * state issued to this caller, once and unexpired, is exchanged. The tokens stay server-side.
 */
export const handler = httpRoute({ body: oauthCallbackBodySchema }, async ({ caller, body }) =>
  ok(
    await audited(
      caller,
      {
        action: 'mcp_server.oauth_connected',
        target: (connected) => `mcp-server:${connected.serverId}`,
      },
      () => oauthConnect().complete(caller.userId, body),
    ),
  ),
);
