import { MAX_SOURCE_QUOTE_LENGTH, MAX_WEB_SOURCES, type WebSource } from '@agentforge/shared';
import type { ModelWebSource } from '../models/model-provider.js';

const isWebUrl = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A reply's numbered sources: every page its web search found, in order, once per URL, at most
 * MAX_WEB_SOURCES, so the numbers the model (or the provider's citations) cite are the ones shown
 * under the reply. `seed`: the sources of a reply going on after a tool approval.
 */
export function createSourceList(seed: WebSource[] = []) {
  const sources: WebSource[] = [...seed];
  return {
    /** The page's number (added when new); undefined for a URL that cannot be one, or past the cap. */
    numberOf(page: ModelWebSource): number | undefined {
      const known = sources.findIndex((source) => source.url === page.url);
      const quote = page.quote?.slice(0, MAX_SOURCE_QUOTE_LENGTH);
      if (known >= 0) {
        const source = sources[known];
        // The first passage cited from a page is the one kept.
        if (source && quote && !source.quote) source.quote = quote;
        return known + 1;
      }
      if (sources.length >= MAX_WEB_SOURCES || !isWebUrl(page.url) || page.url.length > 2048)
        return undefined;
      sources.push({
        title: page.title?.slice(0, 300) || page.url,
        url: page.url,
        ...(quote ? { quote } : {}),
      });
      return sources.length;
    },
    all: (): WebSource[] => sources.map((source) => ({ ...source })),
  };
}
export type SourceList = ReturnType<typeof createSourceList>;
