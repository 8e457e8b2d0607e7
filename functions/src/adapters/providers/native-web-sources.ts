/**
 * The pages a provider's own web search returns, read from the AI SDK's stream parts
 * (docs/decisions/chat.md, "Web search: the providers' own tools"):
 * - every provider package emits a `source` part (sourceType `url`) per page found;
 * - Anthropic puts a text block's citations on its `text-end` (`providerMetadata.anthropic.citations`,
 *   `web_search_result_location` with the cited passage): that text cites those pages;
 * - OpenAI (the Responses API) puts a message's `url_citation` annotations on its `text-end`
 *   (`providerMetadata.openai.annotations`): character ranges of the text, over the inline link it
 *   writes after the passage it cites (the passage is the sentence before the link);
 * - Google gives `groundingMetadata` on `finish`: each `groundingSupports` entry names the chunks
 *   (pages) that support a segment of the reply, the segment being the passage they back.
 */
import type { SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { ModelWebSource } from '../../domain/models/model-provider.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function webSource(url: unknown, title: unknown, quote: unknown): ModelWebSource | undefined {
  const href = text(url);
  if (!href) return undefined;
  const named = text(title);
  const cited = text(quote);
  return { url: href, ...(named ? { title: named } : {}), ...(cited ? { quote: cited } : {}) };
}

/** A `source` stream part's page (only web pages: a document source has no URL to open). */
export function sourceOfPart(part: { sourceType: string; url?: string; title?: string }) {
  return part.sourceType === 'url' ? webSource(part.url, part.title, undefined) : undefined;
}

/** The pages an Anthropic text block cites (its `text-end`), with the passages cited. */
export function anthropicCitations(metadata: SharedV3ProviderMetadata | undefined): ModelWebSource[] {
  return listOf(metadata?.anthropic?.citations).flatMap((citation) =>
    isRecord(citation) && citation.type === 'web_search_result_location'
      ? (webSource(citation.url, citation.title, citation.cited_text) ?? [])
      : [],
  );
}

/** Google's grounded pages, each with the segment of the reply it supports (first one given). */
export function googleGroundedSources(metadata: SharedV3ProviderMetadata | undefined): ModelWebSource[] {
  const grounding = metadata?.google?.groundingMetadata;
  if (!isRecord(grounding)) return [];
  const chunks = listOf(grounding.groundingChunks).map((chunk) =>
    isRecord(chunk) && isRecord(chunk.web) ? chunk.web : undefined,
  );
  const quotes = new Map<number, string>();
  for (const support of listOf(grounding.groundingSupports)) {
    if (!isRecord(support)) continue;
    const segment = isRecord(support.segment) ? text(support.segment.text) : undefined;
    for (const index of listOf(support.groundingChunkIndices)) {
      if (typeof index === 'number' && segment && !quotes.has(index)) quotes.set(index, segment);
    }
  }
  return chunks.flatMap((web, index) =>
    web ? (webSource(web.uri, web.title, quotes.get(index)) ?? []) : [],
  );
}

/**
 * The pages an OpenAI message cites (its `text-end`), each with the passage cited: the range's own
 * text where it is prose, else (the range is OpenAI's inline link to the page) the sentence before it.
 */
export function openaiCitations(metadata: SharedV3ProviderMetadata | undefined, messageText: string) {
  let previousEnd = 0;
  return listOf(metadata?.openai?.annotations).flatMap((annotation) => {
    if (!isRecord(annotation) || annotation.type !== 'url_citation') return [];
    const { start_index: start, end_index: end } = annotation;
    if (typeof start !== 'number' || typeof end !== 'number') return [];
    const from = previousEnd;
    previousEnd = Math.max(previousEnd, end);
    const range = messageText.slice(start, end);
    const isLink = typeof annotation.url === 'string' && range.includes(annotation.url);
    const quote = isLink ? sentenceBefore(messageText.slice(Math.min(from, start), start)) : range;
    return webSource(annotation.url, annotation.title, quote) ?? [];
  });
}

/** The last sentence of `text` (it may end with its own full stop). */
function sentenceBefore(text: string): string {
  const body = text.trimEnd().replace(/[.!?]+$/, '');
  const cut = Math.max(...['. ', '! ', '? ', '\n'].map((stop) => body.lastIndexOf(stop)));
  return text.slice(cut + 1).trim();
}
