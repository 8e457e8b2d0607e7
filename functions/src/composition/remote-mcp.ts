import { createMcpServerRepository } from '../adapters/dynamodb/mcp-server-repository.js';
import { createRemoteConnector } from '../adapters/mcp-client/remote-connector.js';
import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import type { RemoteMcpConnector } from '../domain/mcp/mcp-tool-source.js';
import { remoteTargetOf } from '../domain/mcp/remote-target.js';
import { outboundPolicy } from './outbound.js';
import { db, env } from './root.js';
import { secretCipher } from './secrets.js';
import { myTeamsReader } from './team-scope.js';

let connect: RemoteMcpConnector | undefined;
/**
 * Remote MCP servers, reached from the chat's function itself (a remote server has no run behind
 * the gateway): their record read by key (GetItem), their headers decrypted, every request through
 * the outbound guard.
 */
export function remoteMcpConnector(): RemoteMcpConnector {
  connect ??= (() => {
    const connector = createRemoteConnector({ fetch: createGuardedFetch(outboundPolicy) });
    const deps = {
      servers: createMcpServerRepository(db, env.tables.mcpServers),
      myTeams: myTeamsReader(),
      cipher: secretCipher(),
    };
    return async (caller, serverId) => connector(await remoteTargetOf(deps, caller, serverId));
  })();
  return connect;
}
