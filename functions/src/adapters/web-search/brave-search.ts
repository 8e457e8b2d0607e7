import * as z from 'zod';
import type { WebSearch, WebSearchResult } from '../../domain/chat/web-search.js';
import { boundedBody, withTimeout } from './bounded-body.js';

const RESULTS = 5;
const TIMEOUT_MS = 10_000;
/** A page of 5 results is a few KB; anything past this is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The part of Brave's `WebSearchApiResponse` we read (https://api-dashboard.search.brave.com/app/documentation/web-search/responses). */
const responseSchema = z.object({
  web: z
    .object({
      results: z.array(z.object({ title: z.string(), url: z.string(), description: z.string().optional() })),
    })
    .optional(),
});

/** Brave marks the query's words in snippets with <strong>: the model reads plain text. */
const plain = (text: string) => text.replace(/<[^>]*>/g, '');

/**
 * Brave Search's web search (`GET /res/v1/web/search`, the key in `X-Subscription-Token`): at most 5
 * results, 10 s, 1 MB. The key comes from the operator (the stage's secret, `WEB_SEARCH_API_KEY`
 * locally) and is never in an error the model or the user reads.
 */
export function createBraveSearch(options: {
  baseUrl: string;
  apiKey: () => Promise<string>;
  fetch?: typeof fetch;
}): WebSearch['search'] {
  const fetchFn = options.fetch ?? fetch;
  return async (query, signal): Promise<WebSearchResult[]> => {
    const url = new URL('/res/v1/web/search', options.baseUrl);
    url.search = new URLSearchParams({ q: query, count: String(RESULTS) }).toString();
    const response = await fetchFn(url, {
      headers: { Accept: 'application/json', 'X-Subscription-Token': await options.apiKey() },
      signal: withTimeout(signal, TIMEOUT_MS),
    });
    const { bytes, truncated } = await boundedBody(response, MAX_BODY_BYTES);
    if (!response.ok) throw new Error(searchFailure(response.status));
    if (truncated) throw new Error('The web search answered more than 1 MB.');
    const parsed = responseSchema.safeParse(JSON.parse(bytes.toString('utf8') || '{}'));
    if (!parsed.success) throw new Error('The web search answered in an unexpected format.');
    return (parsed.data.web?.results ?? []).slice(0, RESULTS).map((result) => ({
      title: plain(result.title),
      url: result.url,
      description: plain(result.description ?? ''),
    }));
  };
}

function searchFailure(status: number): string {
  if (status === 401 || status === 403) return 'The web search refused the operator’s key.';
  if (status === 429) return 'The web search is rate limited: try again shortly.';
  return `The web search failed (HTTP ${status}).`;
}
