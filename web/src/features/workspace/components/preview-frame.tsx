import { useEffect, useRef, useState } from 'react';
import { PREVIEW_MESSAGES, PREVIEW_PAGE_PATH } from '../utils/preview-document';

/** Errors kept under the preview: the latest ones. */
const MAX_ERRORS = 50;

type FrameMessage = { type?: unknown; text?: unknown };

/**
 * The rendered preview: the preview page in a frame sandboxed with scripts but without
 * `allow-same-origin`, so its document has an opaque origin: it cannot read the app's storage,
 * cookies or DOM, and its requests carry no credentials of the app. The page says when it is
 * ready, gets the document to render, and posts back its scripts' errors, listed under it. Only
 * messages from this frame's window count.
 */
export function PreviewFrame({ document }: { document: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    setErrors([]);
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      const { type, text } = event.data ?? {};
      if (type === PREVIEW_MESSAGES.ready) {
        // An opaque origin has no name to address: '*', to this frame's window only.
        target.postMessage({ type: PREVIEW_MESSAGES.render, html: document }, '*');
      } else if (type === PREVIEW_MESSAGES.error && typeof text === 'string') {
        setErrors((current) => [...current, text].slice(-MAX_ERRORS));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [document]);

  return (
    <div className="flex h-full flex-col gap-2">
      <iframe
        // A new document is a new page: the frame loads afresh and asks for it.
        key={document}
        ref={frame}
        title="Preview"
        sandbox="allow-scripts"
        src={PREVIEW_PAGE_PATH}
        referrerPolicy="no-referrer"
        className="min-h-0 w-full flex-1 rounded-lg border border-slate-200 bg-white"
      />
      {errors.length > 0 ? (
        <section
          aria-label="Preview console errors"
          className="max-h-40 shrink-0 overflow-y-auto rounded-lg bg-red-50 p-3 ring-1 ring-red-200"
        >
          <h3 className="text-sm font-semibold text-red-800">Errors in the preview's scripts</h3>
          <ul className="mt-1 space-y-1 font-mono text-xs text-red-800">
            {errors.map((error, index) => (
              // The list only grows (or is trimmed from the start): the index is stable enough.
              // biome-ignore lint/suspicious/noArrayIndexKey: errors may repeat word for word
              <li key={index} className="break-words">
                {error}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
