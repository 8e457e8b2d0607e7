import { createMcpServerRepository } from '../adapters/dynamodb/mcp-server-repository.js';
import { createRemoteConnector } from '../adapters/mcp-client/remote-connector.js';
import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import type { RemoteMcpConnector } from '../domain/mcp/mcp-tool-source.js';
import { remoteTargetOf } from '../domain/mcp/remote-target.js';
import { outboundPolicy } from './outbound.js';
import { oauthConnect, oauthTokens } from './remote-oauth.js';
import { db, env } from './root.js';
import { secretCipher } from './secrets.js';
import { myTeamsReader } from './team-scope.js';

let connect: RemoteMcpConnector | undefined;
/**
 * Remote MCP servers, reached from the chat's function itself (a remote server has no run behind
 * the gateway): their record read by key (GetItem), their headers decrypted, the caller's OAuth
 * token sent (refreshed as it nears expiry), every request through the outbound guard.
 */
export function remoteMcpConnector(): RemoteMcpConnector {
  connect ??= (() => {
    const connector = createRemoteConnector({ fetch: createGuardedFetch(outboundPolicy) });
    const deps = {
      servers: createMcpServerRepository(db, env.tables.mcpServers),
      myTeams: myTeamsReader(),
      cipher: secretCipher(),
    };
    // The caller's own OAuth connection (a member's own, for a team's server), if they made one.
    return async (caller, serverId) => {
      const target = await remoteTargetOf(deps, caller, serverId);
      const connected = (await oauthConnect().state(caller.userId, serverId)) !== 'not_connected';
      return connector(
        connected
          ? { ...target, bearer: (refused) => oauthTokens().accessToken(caller.userId, serverId, refused) }
          : target,
      );
    };
  })();
  return connect;
}
