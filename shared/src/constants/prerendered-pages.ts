/**
 * The pages prerendered at build time (issue 28: light pages) and the paths that serve them:
 * CloudFront's viewer-request function (lib/constructs/web-hosting.ts), the local built-web server
 * and the build (web/prerendered-pages-plugin.ts) read this one map. Every other path without a
 * file extension is a client route of the app (index.html).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing.html',
  '/landing': 'landing.html',
  '/login': 'login.html',
};

/** The file a request path is answered with, as CloudFront serves the build. */
export function servedFile(path: string): string {
  const page = PRERENDERED_PAGES[path];
  if (page) return `/${page}`;
  return (path.split('/').pop() ?? '').includes('.') ? path : '/index.html';
}
