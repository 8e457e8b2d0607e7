import { lazy, Suspense } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { ScrollRegion } from '../../../components/scroll-region';

const HighlightedCode = lazy(() => import('./highlighted-code'));

/**
 * A fenced code block: its file name (when the fence names one) and language, copy button and
 * highlighted code (plain until the highlighter loads).
 */
export function CodeBlock({
  code,
  language,
  fileName,
}: {
  code: string;
  language: string;
  fileName?: string;
}) {
  const name = fileName || language || 'text';
  return (
    <div className="theme-light not-prose my-4 overflow-hidden rounded-xl bg-[#282c34] ring-1 ring-slate-900/10">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-1.5">
        <span className="flex min-w-0 items-baseline gap-2 font-mono text-xs text-slate-400">
          {fileName ? <span className="truncate text-slate-200">{fileName}</span> : null}
          <span>{language || 'text'}</span>
        </span>
        <CopyButton text={code} what="code" className="text-slate-300 hover:bg-white/10 hover:text-white" />
      </div>
      <ScrollRegion label={`${name} code`} className="overflow-x-auto">
        <pre className="p-4 font-mono text-[13px] leading-relaxed text-slate-100">
          <Suspense fallback={<code className="block">{code}</code>}>
            <HighlightedCode code={code} language={language} />
          </Suspense>
        </pre>
      </ScrollRegion>
    </div>
  );
}
