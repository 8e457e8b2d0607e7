import * as z from 'zod';

/** The most sources a reply keeps (a few searches' results). */
export const MAX_WEB_SOURCES = 20;

/**
 * A web page a reply's web search found (docs/decisions/chat.md, "Web search"): shown under the
 * reply as a cited source, numbered in order, as the model was given them (`[1]`, `[2]`…).
 */
export const webSourceSchema = z.object({
  title: z.string().max(300),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});
export type WebSource = z.infer<typeof webSourceSchema>;

export const webSourcesSchema = z.array(webSourceSchema).max(MAX_WEB_SOURCES);

/** What the chat says about web search (the toggle in Chat settings). */
export const WEB_SEARCH_MESSAGES = {
  toggle: 'Web search',
  notConfigured: 'Web search is not configured on this server.',
  sources: 'Sources',
} as const;
