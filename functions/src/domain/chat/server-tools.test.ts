import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { ToolSet, ToolSource } from './ports.js';
import { openServerTools } from './server-tools.js';
import { withServerName } from './tool-sets.js';

const caller: Caller = { userId: 'u1', idToken: 'token' } as Caller;

function toolSet(serverId: string, serverName: string, tool: string): ToolSet {
  return {
    serverId,
    serverName,
    definitions: [{ name: tool, inputSchema: { type: 'object' } }],
    call: async () => ({ content: serverId, isError: false }),
  };
}

/** Servers by id: a tool set, or the error its start fails with (after `delayMs`). */
function source(servers: Record<string, { set?: ToolSet; error?: unknown; delayMs?: number }>) {
  const started: string[] = [];
  const tools: ToolSource = {
    async forServer(_caller, serverId, onStatus) {
      const server = servers[serverId];
      if (!server) throw new NotFoundError('MCP server not found');
      started.push(serverId);
      onStatus('connecting', server.set?.serverName);
      await new Promise((resolve) => setTimeout(resolve, server.delayMs ?? 0));
      if (server.error) throw server.error;
      return server.set as ToolSet;
    },
  };
  return { tools, started };
}

const noStatus = () => undefined;

describe('openServerTools', () => {
  it('starts the servers at the same time and offers all their tools', async () => {
    const { tools, started } = source({
      a: { set: toolSet('a', 'Alpha', 'search'), delayMs: 30 },
      b: { set: toolSet('b', 'Beta', 'search'), delayMs: 30 },
    });
    const statuses: string[] = [];
    const opened = openServerTools(tools, caller, ['a', 'b'], {
      forgetMissing: true,
      onStatus: (status, server) => statuses.push(`${status} ${server}`),
    });
    // Both started before either finished.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toEqual(['a', 'b']);
    const { set, serverIds, unavailable } = await opened;
    expect(set?.definitions.map((tool) => tool.name)).toEqual(['alpha__search', 'beta__search']);
    expect(serverIds).toEqual(['a', 'b']);
    expect(unavailable).toBeUndefined();
    expect(statuses).toEqual(['connecting Alpha', 'connecting Beta']);
  });

  it('leaves a failing server out, keeps it attached and says which one and why', async () => {
    const { tools } = source({
      a: { error: withServerName(new ConflictError('MCP server failed to initialize: boom'), 'Alpha') },
      b: { set: toolSet('b', 'Beta', 'search') },
    });
    const { set, serverIds, unavailable } = await openServerTools(tools, caller, ['a', 'b'], {
      forgetMissing: true,
      onStatus: noStatus,
    });
    // Named as with both servers usable: a plan's steps (and the next turn) name the same tools.
    expect(set?.definitions.map((tool) => tool.name)).toEqual(['beta__search']);
    expect(serverIds).toEqual(['a', 'b']);
    expect(unavailable).toBe("Server 'Alpha' is unavailable: MCP server failed to initialize: boom");
  });

  it('keeps a failing server’s place in the names: a same-named server after it stays `_2`', async () => {
    const { tools } = source({
      a: { error: withServerName(new ConflictError('stopped'), 'Docs') },
      b: { set: toolSet('b', 'Docs', 'search') },
    });
    const { set } = await openServerTools(tools, caller, ['a', 'b'], {
      forgetMissing: false,
      onStatus: noStatus,
    });
    expect(set?.definitions.map((tool) => tool.name)).toEqual(['docs_2__search']);
    expect(await set?.call('docs_2__search', {}, new AbortController().signal)).toEqual({
      content: 'b',
      isError: false,
    });
  });

  it('fails as with one server when none can be used', async () => {
    const { tools } = source({
      a: { error: new ConflictError('first') },
      b: { error: new ConflictError('second') },
    });
    await expect(
      openServerTools(tools, caller, ['a', 'b'], { forgetMissing: true, onStatus: noStatus }),
    ).rejects.toThrow('first');
  });

  it('forgets a server deleted since only when asked to (the conversation’s own list)', async () => {
    const { tools } = source({ b: { set: toolSet('b', 'Beta', 'search') } });
    const kept = await openServerTools(tools, caller, ['gone', 'b'], {
      forgetMissing: true,
      onStatus: noStatus,
    });
    expect(kept.serverIds).toEqual(['b']);
    expect(kept.unavailable).toBeUndefined();
    const named = await openServerTools(tools, caller, ['gone', 'b'], {
      forgetMissing: false,
      onStatus: noStatus,
    });
    expect(named.serverIds).toEqual(['gone', 'b']);
    expect(named.unavailable).toBe("Server 'gone' is unavailable: MCP server not found");
  });
});
