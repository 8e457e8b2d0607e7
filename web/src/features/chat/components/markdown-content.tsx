import { lazy, memo, Suspense } from 'react';

// The parser loads with the first reply shown, or ahead of it (preload-markdown.ts).
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Where a streaming reply's finished blocks end: at the last line that starts at the margin after a
 * blank line, outside a code fence (a new block begins there; 0 when there is none).
 */
export function finishedBlocksEnd(content: string): number {
  let end = 0;
  let offset = 0;
  let fence: string | null = null;
  let afterBlank = false;
  for (const line of content.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null) {
      if (afterBlank && /^\S/.test(line)) end = offset;
      if (marker) fence = marker;
    } else if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = null;
    }
    afterBlank = line.trim() === '';
    offset += line.length + 1;
  }
  return end;
}

/** Markdown rendered once the parser has loaded; its plain text meanwhile. */
const Part = memo(function Part({ content }: { content: string }) {
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

/**
 * A message's Markdown. While it streams (`streaming`), its finished blocks are one part, parsed
 * once, and the block being written another, parsed again with each delta: parsing the whole
 * reply on every delta grew with its length. Once complete it is parsed whole.
 */
export const MarkdownContent = memo(function MarkdownContent({
  content,
  streaming = false,
}: {
  content: string;
  streaming?: boolean;
}) {
  const end = streaming ? finishedBlocksEnd(content) : 0;
  if (end === 0) return <Part content={content} />;
  return (
    <div className="space-y-3">
      <Part content={content.slice(0, end)} />
      <Part content={content.slice(end)} />
    </div>
  );
});
