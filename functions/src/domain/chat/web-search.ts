import type { WebSource } from '@agentforge/shared';
import type { ModelToolDefinition } from '../models/model-provider.js';
import type { ToolResult, ToolSet } from './ports.js';
import { createSourceList } from './source-list.js';

/** One result of the operator's search API. */
export interface WebSearchResult {
  title: string;
  url: string;
  description: string;
}

/** A page read for the model: its title (when it has one) and its text, already capped. */
export interface WebPage {
  title?: string;
  text: string;
}

/**
 * The operator's search API and the outbound-guarded page reader (adapters/web-search/). Both
 * reject with an Error whose message the model may read (never the operator's key).
 */
export interface WebSearch {
  search(query: string, signal: AbortSignal): Promise<WebSearchResult[]>;
  readPage(url: string, signal: AbortSignal): Promise<WebPage>;
}

export const WEB_SEARCH_TOOL = 'web_search';
export const READ_PAGE_TOOL = 'read_page';
const MAX_QUERY_LENGTH = 400;

const definitions: ModelToolDefinition[] = [
  {
    name: WEB_SEARCH_TOOL,
    description:
      'Search the web. Returns numbered results (title, URL, snippet). Cite what you use as [n], the result number.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to search for' } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: READ_PAGE_TOOL,
    description: 'Read the text of a page web_search returned (its URL). Cite it as [n], its source number.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The http(s) URL of the page' } },
      required: ['url'],
    },
    annotations: { readOnlyHint: true },
  },
];

const stringField = (input: unknown, name: string): string | undefined => {
  const value = (input as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** What `read_page` answers for a URL no search of this reply returned. */
export const READ_PAGE_REFUSED =
  'read_page only reads the pages web_search returned in this reply: search first, then read one of its result URLs.';

/**
 * The web search tools of one reply: `web_search` (the operator's search API) and `read_page`
 * (the outbound guard's fetch), which reads only the URLs this reply's searches returned (a
 * prompt-injected page cannot have it send data to an address of its choosing). Every page found
 * becomes a numbered source (source-list.ts). `seed`: the sources of a reply going on after a tool
 * approval (the numbers go on from them, and their pages may be read).
 */
export function createWebSearchTools(web: WebSearch, seed: WebSource[] = []) {
  const sources = createSourceList(seed);
  const found = new Set(seed.map((source) => source.url));
  const numberOf = (url: string, title: string) => sources.numberOf({ url, title });

  async function search(input: unknown, signal: AbortSignal): Promise<ToolResult> {
    const query = stringField(input, 'query');
    if (!query) return { content: 'Give a query to search for.', isError: true };
    const results = await web.search(query.slice(0, MAX_QUERY_LENGTH), signal);
    const lines = results.flatMap((result) => {
      found.add(result.url);
      const number = numberOf(result.url, result.title);
      return number === undefined
        ? []
        : [`[${number}] ${result.title}\n${result.url}\n${result.description}`];
    });
    return { content: lines.length ? lines.join('\n\n') : `No results for "${query}".`, isError: false };
  }

  async function read(input: unknown, signal: AbortSignal): Promise<ToolResult> {
    const url = stringField(input, 'url');
    if (!url) return { content: 'Give the http(s) URL of a page.', isError: true };
    if (!found.has(url)) return { content: READ_PAGE_REFUSED, isError: true };
    const page = await web.readPage(url, signal);
    const number = numberOf(url, page.title ?? url);
    const heading = number === undefined ? url : `[${number}] ${page.title ?? url}\n${url}`;
    return { content: `${heading}\n\n${page.text}`, isError: false };
  }

  const set: ToolSet = {
    serverId: 'web-search',
    definitions,
    call: (name, input, signal) =>
      name === WEB_SEARCH_TOOL
        ? search(input, signal)
        : name === READ_PAGE_TOOL
          ? read(input, signal)
          : Promise.resolve({ content: `Unknown tool: ${name}`, isError: true }),
    needsApproval: () => false,
    serverOf: () => undefined,
  };
  return { set, sources: sources.all };
}

/**
 * The servers' tools with the reply's own tools (web search, `search_knowledge`) beside them, under
 * their own names (a server's tool of the same name gives way: the conversation asked for these).
 */
export function withBuiltInTools(servers: ToolSet | undefined, own: ToolSet): ToolSet {
  if (!servers) return own;
  const names = new Set(own.definitions.map((tool) => tool.name));
  const isOwn = (name: string) => names.has(name);
  return {
    ...servers,
    definitions: [...servers.definitions.filter((tool) => !isOwn(tool.name)), ...own.definitions],
    call: (name, input, signal, onProgress) =>
      isOwn(name) ? own.call(name, input, signal) : servers.call(name, input, signal, onProgress),
    needsApproval: (name) => !isOwn(name) && (servers.needsApproval?.(name) ?? false),
    serverOf: (name) => (isOwn(name) ? undefined : servers.serverOf?.(name)),
  };
}
