import { describe, expect, it } from 'vitest';
import type { ToolSet } from './ports.js';
import { combineToolSets, serverSlug } from './tool-sets.js';

/** A server's tools whose calls answer with the server and the tool's own name. */
function serverTools(serverId: string, serverName: string, tools: string[], ask: string[] = []): ToolSet {
  return {
    serverId,
    serverName,
    definitions: tools.map((name) => ({
      name,
      description: `${name} tool`,
      inputSchema: { type: 'object' },
    })),
    call: async (name, input) => ({
      content: `${serverId}:${name}:${JSON.stringify(input)}`,
      isError: false,
    }),
    needsApproval: (name) => ask.includes(name),
  };
}

const signal = new AbortController().signal;
const names = (set: ToolSet | undefined) => set?.definitions.map((tool) => tool.name);

describe('combineToolSets', () => {
  it('keeps one server’s tool names as they are, each call saying its server', () => {
    const set = combineToolSets([serverTools('s1', 'Docs', ['search'])]);
    expect(names(set)).toEqual(['search']);
    expect(set?.serverOf?.('search')).toEqual({ serverId: 's1', serverName: 'Docs', tool: 'search' });
  });

  it('namespaces two servers’ tools so that both `search` tools are offered, and routes each call', async () => {
    const set = combineToolSets([
      serverTools('s1', 'Docs Search', ['search', 'fetch']),
      serverTools('s2', 'GitHub', ['search']),
    ]);
    expect(names(set)).toEqual(['docs_search__search', 'docs_search__fetch', 'github__search']);
    expect(set?.definitions[2]?.description).toBe('[GitHub] search tool');
    await expect(set?.call('docs_search__search', { q: 'a' }, signal)).resolves.toEqual({
      content: 's1:search:{"q":"a"}',
      isError: false,
    });
    await expect(set?.call('github__search', { q: 'b' }, signal)).resolves.toEqual({
      content: 's2:search:{"q":"b"}',
      isError: false,
    });
    expect(set?.serverOf?.('github__search')).toEqual({
      serverId: 's2',
      serverName: 'GitHub',
      tool: 'search',
    });
    await expect(set?.call('search', {}, signal)).resolves.toEqual({
      content: 'Unknown tool: search',
      isError: true,
    });
  });

  it('tells apart servers whose names make the same prefix, in the conversation’s order', () => {
    const set = combineToolSets([
      serverTools('a', 'My Server!', ['echo']),
      serverTools('b', 'my-server', ['echo']),
      serverTools('c', 'my server', ['echo']),
    ]);
    // 'My Server!' and 'my server' both make my_server: the later one gets _2.
    expect(names(set)).toEqual(['my_server__echo', 'my-server__echo', 'my_server_2__echo']);
    const reversed = combineToolSets([
      serverTools('c', 'my server', ['echo']),
      serverTools('a', 'My Server!', ['echo']),
    ]);
    expect(reversed?.serverOf?.('my_server__echo')?.serverId).toBe('c');
  });

  it('keeps names within 64 characters of [a-zA-Z0-9_-], unique when cut', () => {
    const long = 'a'.repeat(70);
    const set = combineToolSets([
      serverTools('s1', 'Ünïcode · Server with a very long name indeed', [
        `${long}x`,
        `${long}y`,
        'tool.with:dots',
      ]),
      serverTools('s2', '', ['x']),
    ]);
    const offered = names(set) ?? [];
    for (const name of offered) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered[2]).toBe('n_code_server_with_a_ver__tool_with_dots');
    expect(offered[3]).toBe('s2__x'); // a nameless server: its id
    expect(set?.serverOf?.(offered[1] ?? '')?.tool).toBe(`${long}y`);
  });

  it('asks for approval as each server’s own policy says, by the tool’s own name', () => {
    const set = combineToolSets([
      serverTools('s1', 'One', ['write'], ['write']),
      serverTools('s2', 'Two', ['write']),
    ]);
    expect(set?.needsApproval?.('one__write')).toBe(true);
    expect(set?.needsApproval?.('two__write')).toBe(false);
  });

  it('has nothing to offer without servers', () => {
    expect(combineToolSets([])).toBeUndefined();
  });
});

describe('serverSlug', () => {
  it('is lower case [a-z0-9_-], at most 24 characters, never empty', () => {
    expect(serverSlug('  Brave Search (API) ')).toBe('brave_search_api');
    expect(serverSlug('x'.repeat(40))).toHaveLength(24);
    expect(serverSlug('***')).toBe('server');
  });
});
