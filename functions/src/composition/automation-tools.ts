import { connectToBridge } from '../adapters/mcp-client/bridge-connector.js';
import type { Caller } from '../domain/caller.js';
import type { ToolSource } from '../domain/chat/ports.js';
import { ForbiddenError } from '../domain/errors.js';
import { createMcpToolSource } from '../domain/mcp/mcp-tool-source.js';
import { ownsServer } from '../handlers/mcp/params.js';
import { mcpServerService } from './mcp.js';
import { remoteMcpConnector } from './remote-mcp.js';
import { teamScope } from './team-scope.js';

const START_ON_DEMAND_TIMEOUT_MS = 120_000;
/** Stands where the chat's caller has an ID token: the runner acts in-process, checked as the person. */
const IN_PROCESS = 'in-process';

/**
 * The automation runner's MCP tools: the chat's tool source (its tool policies, 'never' tools left
 * out, servers started on demand, remote servers), with the server read, enabled and reached
 * in-process as the automation's person (their own servers, or a team's they may use), since an
 * unattended run has no ID token to go through the API with.
 */
export function automationTools(): ToolSource {
  return {
    forServer(caller: Caller, serverId: string, onStatus) {
      const owner = () => teamScope().resolve(caller, 'use', ownsServer(caller, serverId));
      const servers = mcpServerService();
      const source = createMcpToolSource({
        servers: {
          get: async () => servers.get(await owner(), serverId),
          enable: async () => servers.enable(await owner(), serverId),
          patchToolPolicy: () =>
            Promise.reject(new ForbiddenError('An automation does not change tool policies')),
        },
        connect: async () => {
          const record = await servers.runOf(await owner(), serverId);
          return connectToBridge({
            ...servers.gatewayTarget(record),
            onActivity: () => servers.recordActivity(record),
          });
        },
        connectRemote: remoteMcpConnector(),
        startTimeoutMs: START_ON_DEMAND_TIMEOUT_MS,
        pollIntervalMs: 1_000,
      });
      return source.forServer({ ...caller, idToken: IN_PROCESS }, serverId, onStatus);
    },
  };
}
