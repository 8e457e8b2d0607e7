import { lazy, memo, Suspense } from 'react';

const loadRenderer = () => import('./markdown-renderer');
const MarkdownRenderer = lazy(loadRenderer);

/** Loads the Markdown parser ahead of the first reply shown (a conversation about to be opened). */
export function preloadMarkdown(): void {
  void loadRenderer();
}

/** A message's Markdown, rendered once the parser has loaded; its plain text meanwhile. */
export const MarkdownContent = memo(function MarkdownContent({ content }: { content: string }) {
  return (
    <Suspense
      fallback={
        <div className="text-[15px] leading-7 break-words whitespace-pre-wrap text-slate-800">{content}</div>
      }
    >
      <MarkdownRenderer content={content} />
    </Suspense>
  );
});
