/**
 * The providers' own web search, as the model server plays it: when the request carries the
 * provider's search tool and the last user text has `[[search:<query>]]`, the model "searches" and
 * answers from two results at fixed public-looking URLs (example.com: nothing fetches them), its
 * answer in parts, some citing a result. Each dialect writes this in its own wire format
 * (anthropic.ts: server_tool_use, web_search_tool_result and citations; google.ts: groundingMetadata).
 */
export interface NativeSearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface NativeSearch {
  query: string;
  results: NativeSearchResult[];
  /** The answer's text in order; `cites`: the indexes of the results a part cites. */
  parts: { text: string; cites: number[] }[];
}

export const NATIVE_SEARCH_HOST = 'https://search-results.example.com';

export function nativeSearchOf(lastUserText: string): NativeSearch | undefined {
  const query = lastUserText.match(/\[\[search:(.*?)\]\]/s)?.[1]?.trim();
  if (!query) return undefined;
  const slug = encodeURIComponent(query.toLowerCase().replace(/\s+/g, '-'));
  const results = [1, 2].map((n) => ({
    url: `${NATIVE_SEARCH_HOST}/${slug}/${n}`,
    title: `${query}: web result ${n}`,
    snippet: `Result ${n} on ${query} says so.`,
  }));
  return {
    query,
    results,
    parts: [
      { text: `I searched the web for ${query}. `, cites: [] },
      { text: results[0]?.snippet ?? '', cites: [0] },
      { text: ' And ', cites: [] },
      { text: results[1]?.snippet ?? '', cites: [1] },
    ],
  };
}
