import { type McpServer, SERVER_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.js';
import { createMcpToolSource, type ServerControl } from './mcp-tool-source.js';

const caller = { userId: 'alice', email: 'a@example.com', idToken: 'id-token' };
const server = (patch: Partial<McpServer>): McpServer => ({
  id: 'srv-1',
  name: 'Files',
  packageName: '@modelcontextprotocol/server-filesystem',
  idleTimeoutMinutes: 5,
  environmentVariables: {},
  status: 'disabled',
  ...patch,
});

/** A server that runs once enabled; records the enables. */
function control(initial: McpServer): ServerControl & { enabled: number } {
  let current = initial;
  return {
    enabled: 0,
    async get() {
      return current;
    },
    async enable() {
      this.enabled += 1;
      current = { ...current, status: 'enabled', healthStatus: 'running', stoppedBy: undefined };
      return current;
    },
  };
}

const connection = (tool: string) => ({
  listTools: async () => [{ name: tool, inputSchema: {} }],
  callTool: async () => ({ content: 'ok', isError: false }),
});

function toolSource(servers: ServerControl, remoteCalls: string[] = []) {
  return createMcpToolSource({
    servers,
    connect: async () => connection('hosted'),
    connectRemote: async (_caller, serverId) => {
      remoteCalls.push(serverId);
      return connection('remote');
    },
    startTimeoutMs: 1_000,
    pollIntervalMs: 1,
    sleep: async () => undefined,
  });
}

describe("the chat's MCP tools", () => {
  it('start a server stopped for idleness on demand', async () => {
    const servers = control(server({ stoppedBy: 'idle' }));
    const statuses: string[] = [];
    const tools = await toolSource(servers).forServer(caller, 'srv-1', (status) => statuses.push(status));
    expect(tools.serverId).toBe('srv-1');
    expect(servers.enabled).toBe(1);
    expect(statuses).toContain('connecting');
  });

  it('leave a server its owner disabled off, and say so', async () => {
    const servers = control(server({ stoppedBy: 'owner' }));
    const statuses: string[] = [];
    const started = toolSource(servers).forServer(caller, 'srv-1', (status) => statuses.push(status));
    await expect(started).rejects.toBeInstanceOf(ConflictError);
    await expect(started).rejects.toThrow(SERVER_MESSAGES.disabledByOwner('Files'));
    expect(servers.enabled).toBe(0);
    expect(statuses).toEqual([]);
  });

  it('reach a remote server at its URL, with nothing to start', async () => {
    const servers = control(
      server({ kind: 'remote', packageName: '', url: 'https://mcp.example.com/mcp', status: 'defined' }),
    );
    const remoteCalls: string[] = [];
    const tools = await toolSource(servers, remoteCalls).forServer(caller, 'srv-1', () => undefined);
    expect(tools.definitions.map((tool) => tool.name)).toEqual(['remote']);
    expect(remoteCalls).toEqual(['srv-1']);
    expect(servers.enabled).toBe(0);
  });
});
