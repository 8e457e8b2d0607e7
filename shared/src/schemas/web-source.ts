import * as z from 'zod/mini';

/** The most sources a reply keeps (a few searches' results). */
export const MAX_WEB_SOURCES = 20;

/** The longest cited passage a source keeps. */
export const MAX_SOURCE_QUOTE_LENGTH = 500;

/**
 * The providers whose own web search tool the model gets when the toggle is on (docs/decisions/
 * chat.md, "Web search: the providers' own tools"); the others use the operator's search API.
 */
export const NATIVE_WEB_SEARCH_PROVIDERS: readonly string[] = ['anthropic', 'openai', 'google'];
/** `provider`: a provider id, a team key's too (`team:<teamId>:<providerId>`). */
export function hasNativeWebSearch(provider: string | undefined): boolean {
  const kind = provider?.startsWith('team:') ? provider.split(':').slice(2).join(':') : provider;
  return kind !== undefined && NATIVE_WEB_SEARCH_PROVIDERS.includes(kind);
}

/**
 * A web page a reply's web search found (docs/decisions/chat.md, "Web search"): shown under the
 * reply as a cited source, numbered in order, as the model was given them (`[1]`, `[2]`…).
 */
export const webSourceSchema = z.object({
  title: z.string().check(z.maxLength(300)),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  /** The passage the reply cites from it, where the provider's own search says (its citations). */
  quote: z.optional(z.string().check(z.maxLength(MAX_SOURCE_QUOTE_LENGTH))),
});
export type WebSource = z.infer<typeof webSourceSchema>;

export const webSourcesSchema = z.array(webSourceSchema).check(z.maxLength(MAX_WEB_SOURCES));

/** What the chat says about web search (the toggle in Chat settings). */
export const WEB_SEARCH_MESSAGES = {
  toggle: 'Web search',
  notConfigured: 'Web search is not configured on this server.',
  /** The chat's provider searches with its own tool (the operator's search API is not used). */
  native: 'This model searches the web with its provider’s own search tool.',
  /** No provider chosen yet (the defaults) and no operator search API. */
  nativeOnly:
    'Web search is not configured on this server: only Anthropic, OpenAI and Google models search, with their own tools.',
  sources: 'Sources',
} as const;
