import { type McpServer, SERVER_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.js';
import type { ModelToolDefinition } from '../models/model-provider.js';
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
function control(initial: McpServer): ServerControl & { enabled: number; patches: unknown[] } {
  let current = initial;
  return {
    enabled: 0,
    patches: [],
    async patchToolPolicy(_target, patch) {
      this.patches.push(patch);
      return current;
    },
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

const remoteTool = { name: 'remote', inputSchema: {} };

function toolSource(servers: ServerControl, tools: ModelToolDefinition[] = [], remoteCalls: string[] = []) {
  const connection = (listed: ModelToolDefinition[]) => ({
    listTools: async () => listed,
    callTool: async () => ({ content: 'ok', isError: false }),
  });
  return createMcpToolSource({
    servers,
    connect: async () => connection(tools),
    connectRemote: async (_caller, serverId) => {
      remoteCalls.push(serverId);
      return connection([remoteTool]);
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

  describe("follow the server's tool approvals", () => {
    const tool = (name: string, readOnlyHint?: boolean): ModelToolDefinition => ({
      name,
      inputSchema: { type: 'object' },
      ...(readOnlyHint === undefined ? {} : { annotations: { readOnlyHint } }),
    });
    const listed = [tool('read_file', true), tool('write_file'), tool('delete_file'), tool('constructor')];
    const running = { status: 'enabled', healthStatus: 'running' } as const;

    it('offer no tool set to never, and ask for those set to ask (a read-only one runs unasked)', async () => {
      const servers = control(
        server({ ...running, toolPolicy: { default: 'ask', tools: { delete_file: 'never' } } }),
      );
      const tools = await toolSource(servers, listed).forServer(caller, 'srv-1', () => undefined);
      expect(tools.definitions.map((definition) => definition.name)).toEqual([
        'read_file',
        'write_file',
        'constructor',
      ]);
      expect(['read_file', 'write_file', 'constructor'].map((name) => tools.needsApproval?.(name))).toEqual([
        false,
        true,
        true,
      ]);
    });

    it('run every tool unasked on a server without a policy', async () => {
      const tools = await toolSource(control(server(running)), listed).forServer(
        caller,
        'srv-1',
        () => undefined,
      );
      expect(tools.definitions).toHaveLength(4);
      expect(listed.some((definition) => tools.needsApproval?.(definition.name))).toBe(false);
    });

    it("'Always allow' sets the tool to allow on the server", async () => {
      const servers = control(server(running));
      await toolSource(servers, listed).allowAlways(caller, 'srv-1', 'write_file');
      expect(servers.patches).toEqual([{ tools: { write_file: 'allow' } }]);
    });
  });

  it('reach a remote server at its URL, with nothing to start', async () => {
    const servers = control(
      server({ kind: 'remote', packageName: '', url: 'https://mcp.example.com/mcp', status: 'defined' }),
    );
    const remoteCalls: string[] = [];
    const tools = await toolSource(servers, [], remoteCalls).forServer(caller, 'srv-1', () => undefined);
    expect(tools.definitions.map((tool) => tool.name)).toEqual(['remote']);
    expect(remoteCalls).toEqual(['srv-1']);
    expect(servers.enabled).toBe(0);
  });
});
