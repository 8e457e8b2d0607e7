import { MCP_OAUTH_CALLBACK_PATH, oauthStartBodySchema, SERVER_MESSAGES } from '@agentforge/shared';
import { appOrigins } from '../../composition/app-origins.js';
import { mcpServerService } from '../../composition/mcp.js';
import { oauthConnect } from '../../composition/remote-oauth.js';
import { teamScope } from '../../composition/team-scope.js';
import { ValidationError } from '../../domain/errors.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { ownsServer, serverParams } from './params.js';

/**
 * POST /mcp-servers/{id}/oauth/start: for a remote server the caller may use, discovers its
 * authorization server, registers (or takes the client id given), keeps the state and PKCE
 * verifier server-side and answers the authorization URL to open.
 */
export const handler = httpRoute(
  { params: serverParams, body: oauthStartBodySchema },
  async ({ caller, params, body }) =>
    ok(
      await audited(
        caller,
        {
          action: 'mcp_server.oauth_started',
          target: `mcp-server:${params.id}`,
          details: () => ({ clientId: body.clientId ? 'given' : 'registered' }),
        },
        async () => {
          const redirect = new URL(body.redirectUri);
          if (
            redirect.pathname !== MCP_OAUTH_CALLBACK_PATH ||
            !(await appOrigins()).includes(redirect.origin)
          )
            throw new ValidationError(SERVER_MESSAGES.remoteOAuthRedirectInvalid);
          const owner = await teamScope().resolve(caller, 'use', ownsServer(caller, params.id));
          const server = await mcpServerService().get(owner, params.id);
          if (server.kind !== 'remote' || !server.url)
            throw new ValidationError(SERVER_MESSAGES.remoteOAuthOnlyRemote);
          return oauthConnect().start(
            caller.userId,
            { serverId: params.id, url: server.url },
            {
              redirectUri: redirect.href,
              clientId: body.clientId || undefined,
              clientSecret: body.clientSecret || undefined,
            },
          );
        },
      ),
    ),
);
