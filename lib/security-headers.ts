/**
 * The web app's Content-Security-Policy: one source for CloudFront (deployed) and the local web
 * server (so the e2e suite proves the app works under it). Scripts only from the app's origin and
 * blob: (the code workspace's preview runner; never inline), images only from it, inline data and
 * the landing page's logo service (a model's reply cannot load a remote image: see SafeImage),
 * frames only blob: (the workspace preview is a srcdoc frame, which frame-src does not govern),
 * never framed itself.
 */
export function contentSecurityPolicy(options: {
  /** Origins the app calls besides its own: the identity service, and locally the API. */
  connect: readonly string[];
  /** Vite's dev server: its HMR websocket, the react-refresh preamble and injected styles. */
  dev?: { hmrOrigin: string };
}): string {
  const dev = options.dev;
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    // blob: for the code workspace's preview (docs/decisions/workspace.md "Code workspace"): its srcdoc
    // inherits this policy, so its runner (from 'self') runs the user's scripts from blob: URLs.
    'script-src': ["'self'", 'blob:', ...(dev ? ["'unsafe-inline'"] : [])],
    // Radix and React set style attributes; Vite injects <style> in dev.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Nothing from outside: the landing page's model marks and demos are bundled (landing-content.ts).
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.connect, ...(dev ? [dev.hmrOrigin] : [])],
    'frame-src': ['blob:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The other response headers of the app (CloudFront's response headers policy sets the same). */
export const SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;
