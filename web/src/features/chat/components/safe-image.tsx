import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';

/** Whether an image may load in the page: inline data, or this app's own origin. */
export function loadsInPage(src: string, origin = window.location.origin): boolean {
  if (/^data:image\//i.test(src)) return true;
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * An image in a model's reply. A remote one never loads by itself: its URL could carry what the
 * chat holds to whoever serves it (a prompt-injected tool result can make the model write one).
 * It becomes a link naming its host, opened only if the user follows it (the CSP's img-src
 * refuses remote images anyway).
 */
export function SafeImage({ node: _node, src, alt, ...props }: ComponentProps<'img'> & ExtraProps) {
  const url = typeof src === 'string' ? src : '';
  if (url && loadsInPage(url)) {
    return <img src={url} alt={alt ?? ''} className="my-3 max-h-96 rounded-lg" {...props} />;
  }
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return <span className="text-slate-500">[{alt || 'image'}]</span>;
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      referrerPolicy="no-referrer"
      className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2"
    >
      {alt ? `Image: ${alt}` : 'Image'} ({host})
    </a>
  );
}
