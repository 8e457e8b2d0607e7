import { SERVER_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ToolResult, ToolSet, ToolSource } from '../chat/ports.js';
import { ConflictError } from '../errors.js';
import type { ModelToolDefinition } from '../models/model-provider.js';
import type { McpServerService } from './mcp-server-service.js';

/** An MCP client session with one server, through the gateway, as the caller. */
export interface McpConnection {
  listTools(): Promise<ModelToolDefinition[]>;
  callTool(name: string, input: unknown, signal: AbortSignal): Promise<ToolResult>;
}
export type McpConnector = (target: { serverId: string; idToken: string }) => Promise<McpConnection>;

export interface McpToolSourceDeps {
  servers: McpServerService;
  connect: McpConnector;
  /** How long a stopped server may take to start on demand. */
  startTimeoutMs: number;
  pollIntervalMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The chat's tools: those of the conversation's MCP server. A disabled or idle-reaped server is
 * started on demand, with `connecting` status events while it starts.
 */
export function createMcpToolSource(deps: McpToolSourceDeps): ToolSource {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function ensureRunning(caller: Caller, serverId: string, onStatus: (status: string) => void) {
    let record = await deps.servers.refresh(await deps.servers.owned(caller, serverId));
    if (record.status === 'enabled' && record.healthStatus === 'running') return;
    onStatus('connecting');
    if (['defined', 'disabled', 'error'].includes(record.status)) await deps.servers.enable(caller, serverId);
    const deadline = Date.now() + deps.startTimeoutMs;
    while (Date.now() < deadline) {
      await sleep(deps.pollIntervalMs);
      record = await deps.servers.refresh(await deps.servers.owned(caller, serverId));
      if (record.status === 'enabled' && record.healthStatus === 'running') return;
      if (record.status === 'error' || record.status === 'disabled') break;
      onStatus('connecting');
    }
    const reason = record.lastError ? `: ${record.lastError}` : '';
    throw new ConflictError(`${SERVER_MESSAGES.initializeFailed}${reason}`);
  }

  return {
    async forServer(caller, serverId, onStatus): Promise<ToolSet> {
      if (!caller.idToken) throw new Error('Tool calls need the caller ID token');
      await ensureRunning(caller, serverId, onStatus);
      const connection = await deps.connect({ serverId, idToken: caller.idToken });
      return {
        serverId,
        definitions: await connection.listTools(),
        call: (name, input, signal) => connection.callTool(name, input, signal),
      };
    },
  };
}
