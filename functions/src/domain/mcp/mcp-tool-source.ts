import {
  type McpServer,
  resolveToolPolicy,
  SERVER_BAR_MESSAGES,
  SERVER_MESSAGES,
  type ToolPolicyPatch,
  type ToolProgress,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ToolResult, ToolSet, ToolSource } from '../chat/ports.js';
import { withServerName } from '../chat/tool-sets.js';
import { ConflictError } from '../errors.js';
import type { ModelToolDefinition } from '../models/model-provider.js';

/** An MCP client session with one server, through the gateway, as the caller. */
export interface McpConnection {
  listTools(): Promise<ModelToolDefinition[]>;
  /** May run for minutes: `onProgress` gets the server's progress reports; `signal` cancels it. */
  callTool(
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress?: (progress: ToolProgress) => void,
  ): Promise<ToolResult>;
}
/** A server as a caller reaches it: `bearer` is their ID token (the chat) or an automation run's credential. */
export interface ServerTarget {
  serverId: string;
  bearer: string;
}
export type McpConnector = (target: ServerTarget) => Promise<McpConnection>;
/** A remote server's session, straight from the chat's function (it has no run to go through). */
export type RemoteMcpConnector = (caller: Caller, serverId: string) => Promise<McpConnection>;

/**
 * What the chat may do to the caller's server: read it (fresh from its runner) and enable it. On
 * AWS the stream function does this through the MCP API as the caller, so only the MCP API holds
 * the runner's configuration and its ECS and IAM grants.
 */
export interface ServerControl {
  get(target: ServerTarget): Promise<McpServer>;
  enable(target: ServerTarget): Promise<McpServer>;
  /** Changes the server's tool approvals ('Always allow'); refused unless the caller may. */
  patchToolPolicy(target: ServerTarget, patch: ToolPolicyPatch): Promise<McpServer>;
}

export interface McpToolSourceDeps {
  servers: ServerControl;
  connect: McpConnector;
  connectRemote: RemoteMcpConnector;
  /** How long a stopped server may take to start on demand. */
  startTimeoutMs: number;
  pollIntervalMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** What the caller presents to the API for `serverId` (default: their verified ID token). */
  bearerOf?: (caller: Caller, serverId: string) => Promise<string>;
}

/**
 * The chat's tools: those of the conversation's MCP server. A server never started, stopped for
 * idleness or failed is started on demand, with `connecting` status events while it starts; one its
 * owner disabled is not. A remote server is reached at its URL.
 */
export function createMcpToolSource(deps: McpToolSourceDeps): Required<ToolSource> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const bearerOf = deps.bearerOf ?? idTokenOf;

  async function ensureRunning(
    target: ServerTarget,
    seen: McpServer,
    onStatus: (status: string, serverName?: string) => void,
  ): Promise<McpServer> {
    let record = seen;
    if (record.status === 'enabled' && record.healthStatus === 'running') return record;
    // Turned off by its owner: it stays off (only an idle-stopped or never-started one starts here).
    if (record.status === 'disabled' && record.stoppedBy === 'owner') {
      throw new ConflictError(SERVER_MESSAGES.disabledByOwner(record.name));
    }
    onStatus('connecting', record.name);
    if (['defined', 'disabled', 'error'].includes(record.status)) await deps.servers.enable(target);
    const deadline = Date.now() + deps.startTimeoutMs;
    while (Date.now() < deadline) {
      await sleep(deps.pollIntervalMs);
      record = await deps.servers.get(target);
      if (record.status === 'enabled' && record.healthStatus === 'running') return record;
      if (record.status === 'error' || record.status === 'disabled') break;
      onStatus('connecting', record.name);
    }
    const reason = record.lastError ? `: ${record.lastError}` : '';
    throw new ConflictError(`${SERVER_BAR_MESSAGES.initializeFailed}${reason}`);
  }

  async function toolsOf(
    caller: Caller,
    target: ServerTarget,
    server: McpServer,
    onStatus: (status: string, serverName?: string) => void,
  ): Promise<ToolSet> {
    let record = server;
    let connection: McpConnection;
    if (server.kind === 'remote') {
      onStatus('connecting', server.name);
      connection = await deps.connectRemote(caller, target.serverId);
    } else {
      record = await ensureRunning(target, server, onStatus);
      connection = await deps.connect(target);
    }
    const listed = await connection.listTools();
    const policyOf = new Map(listed.map((tool) => [tool.name, resolveToolPolicy(record.toolPolicy, tool)]));
    return {
      serverId: target.serverId,
      serverName: record.name,
      // A tool set to 'never' is not offered: the model cannot call what it was not given.
      definitions: listed.filter((tool) => policyOf.get(tool.name) !== 'never'),
      call: (name, input, signal, onProgress) => connection.callTool(name, input, signal, onProgress),
      needsApproval: (name) => policyOf.get(name) === 'ask',
    };
  }

  return {
    async forServer(caller, serverId, onStatus): Promise<ToolSet> {
      const target = { serverId, bearer: await bearerOf(caller, serverId) };
      // Read through the API as the caller: it says whether they may use the server at all.
      const server = await deps.servers.get(target);
      try {
        return await toolsOf(caller, target, server, onStatus);
      } catch (error) {
        throw withServerName(error, server.name);
      }
    },
    async allowAlways(caller, serverId, toolName) {
      await deps.servers.patchToolPolicy(
        { serverId, bearer: await bearerOf(caller, serverId) },
        { tools: { [toolName]: 'allow' } },
      );
    },
  };
}

async function idTokenOf(caller: Caller): Promise<string> {
  if (!caller.idToken) throw new Error('Tool calls need the caller ID token');
  return caller.idToken;
}
