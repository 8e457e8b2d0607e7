import { type ComponentProps, useState } from 'react';
import type { ExtraProps } from 'react-markdown';

/** Whether an image may load by itself: inline data, or this app's own origin. */
export function loadsByItself(src: string, origin = window.location.origin): boolean {
  if (/^data:image\//i.test(src)) return true;
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * An image in a model's reply. A remote one never loads by itself: its URL could carry what the
 * chat holds to whoever serves it (a prompt-injected tool result can make the model write one),
 * so it waits behind a button that names the host.
 */
export function SafeImage({ node: _node, src, alt, ...props }: ComponentProps<'img'> & ExtraProps) {
  const [allowed, setAllowed] = useState(false);
  const url = typeof src === 'string' ? src : '';
  if (url && (allowed || loadsByItself(url))) {
    return <img src={url} alt={alt ?? ''} className="my-3 max-h-96 rounded-lg" {...props} />;
  }
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    return <span className="text-slate-500">[{alt || 'image'}]</span>;
  }
  return (
    <button
      type="button"
      onClick={() => setAllowed(true)}
      className="my-1 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
    >
      <span>{alt ? `Image: ${alt}` : 'Image'}</span>
      <span className="text-slate-500">Load from {host}</span>
    </button>
  );
}
