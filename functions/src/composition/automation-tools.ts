import { createGatewayConnector } from '../adapters/mcp-client/gateway-connector.js';
import type { Caller } from '../domain/caller.js';
import type { ToolSource } from '../domain/chat/ports.js';
import { ForbiddenError } from '../domain/errors.js';
import { createMcpToolSource } from '../domain/mcp/mcp-tool-source.js';
import { ownsServer } from '../handlers/mcp/params.js';
import { API_KEY_HEADER } from '../routes.js';
import { gatewayCredentialMinter } from './gateway-credentials.js';
import { mcpServerService } from './mcp.js';
import { remoteMcpConnector } from './remote-mcp.js';
import { env, required } from './root.js';
import { teamScope } from './team-scope.js';

const START_ON_DEMAND_TIMEOUT_MS = 120_000;

/**
 * The automation runner's MCP tools: the chat's tool source (its tool policies, 'never' tools left
 * out, servers started on demand, remote servers). The server is read and enabled in-process as
 * the automation's person (their own servers, or a team's they may use); its tools are reached
 * through the API's MCP gateway as the chat's are (on AWS the runner is outside the servers' VPC),
 * with a credential the runner mints per server and run instead of an ID token
 * (domain/mcp/gateway-credential.ts).
 */
export function automationTools(): ToolSource {
  return {
    forServer(caller: Caller, serverId: string, onStatus) {
      const owner = () => teamScope().resolve(caller, 'use', ownsServer(caller, serverId));
      const servers = mcpServerService();
      const headers: Record<string, string> = env.API_ORIGIN_KEY
        ? { [API_KEY_HEADER]: env.API_ORIGIN_KEY }
        : {};
      const source = createMcpToolSource({
        servers: {
          get: async () => servers.get(await owner(), serverId),
          enable: async () => servers.enable(await owner(), serverId),
          patchToolPolicy: () =>
            Promise.reject(new ForbiddenError('An automation does not change tool policies')),
        },
        connect: createGatewayConnector(required('API_BASE_URL'), headers, 'mcp-automation'),
        connectRemote: remoteMcpConnector(),
        startTimeoutMs: START_ON_DEMAND_TIMEOUT_MS,
        pollIntervalMs: 1_000,
        bearerOf: async (person, id) => {
          const run = person.automationRun;
          if (!run) throw new Error('An automation tool call needs its run');
          return gatewayCredentialMinter()({
            userId: person.userId,
            ...(run.teamId ? { teamId: run.teamId } : {}),
            serverId: id,
            runId: run.runId,
          });
        },
      });
      return source.forServer(caller, serverId, onStatus);
    },
  };
}
