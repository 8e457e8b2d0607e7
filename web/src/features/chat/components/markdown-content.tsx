import { lazy, memo, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

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
