import { MAX_WEB_SOURCES, type WebSource } from '@agentforge/shared';
import type { ModelToolDefinition } from '../models/model-provider.js';
import type { ToolResult, ToolSet } from './ports.js';

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
    description:
      "Read a web page's text (a search result's URL, or one the user gave). Cite it as [n], its source number.",
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

const isWebUrl = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The web search tools of one reply: `web_search` (the operator's search API) and `read_page`
 * (the outbound guard's fetch). Every page found or read becomes a numbered source, in order, once
 * per URL, so the numbers the model cites are the ones shown under the reply. `seed`: the sources
 * of a reply going on after a tool approval (the numbers go on from them).
 */
export function createWebSearchTools(web: WebSearch, seed: WebSource[] = []) {
  const sources: WebSource[] = [...seed];
  const numberOf = (url: string, title: string): number | undefined => {
    const known = sources.findIndex((source) => source.url === url);
    if (known >= 0) return known + 1;
    if (sources.length >= MAX_WEB_SOURCES || !isWebUrl(url) || url.length > 2048) return undefined;
    sources.push({ title: title.slice(0, 300) || url, url });
    return sources.length;
  };

  async function search(input: unknown, signal: AbortSignal): Promise<ToolResult> {
    const query = stringField(input, 'query');
    if (!query) return { content: 'Give a query to search for.', isError: true };
    const results = await web.search(query.slice(0, MAX_QUERY_LENGTH), signal);
    const lines = results.flatMap((result) => {
      const number = numberOf(result.url, result.title);
      return number === undefined
        ? []
        : [`[${number}] ${result.title}\n${result.url}\n${result.description}`];
    });
    return { content: lines.length ? lines.join('\n\n') : `No results for "${query}".`, isError: false };
  }

  async function read(input: unknown, signal: AbortSignal): Promise<ToolResult> {
    const url = stringField(input, 'url');
    if (!url || !isWebUrl(url)) return { content: 'Give the http(s) URL of a page.', isError: true };
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
  return { set, sources: () => [...sources] };
}

const isWebTool = (name: string) => name === WEB_SEARCH_TOOL || name === READ_PAGE_TOOL;

/**
 * The servers' tools with the web search tools beside them, under their own names (a server's tool
 * of the same name gives way: the toggle asked for web search).
 */
export function withWebTools(servers: ToolSet | undefined, web: ToolSet): ToolSet {
  if (!servers) return web;
  return {
    ...servers,
    definitions: [...servers.definitions.filter((tool) => !isWebTool(tool.name)), ...web.definitions],
    call: (name, input, signal, onProgress) =>
      isWebTool(name) ? web.call(name, input, signal) : servers.call(name, input, signal, onProgress),
    needsApproval: (name) => !isWebTool(name) && (servers.needsApproval?.(name) ?? false),
    serverOf: (name) => (isWebTool(name) ? undefined : servers.serverOf?.(name)),
  };
}
