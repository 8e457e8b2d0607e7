/**
 * Loads the Markdown parser ahead of the first reply shown (a conversation about to be opened, a
 * message being written): the chunk `markdown-content.tsx` renders with. Apart from it, so /home's
 * first load does not carry `markdown-content.tsx` for this one call.
 */
export function preloadMarkdown(): void {
  void import('./markdown-renderer').catch(() => {});
}
