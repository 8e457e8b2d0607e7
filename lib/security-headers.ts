import { createHash } from 'node:crypto';
import { LANDING_SESSION_GATE } from '../shared/src/constants/landing-session-gate';

/** The CSP source of the landing page's session gate, its one inline script (by its hash). */
export const LANDING_SESSION_GATE_SOURCE = `'sha256-${createHash('sha256').update(LANDING_SESSION_GATE).digest('base64')}'`;

/**
 * The web app's Content-Security-Policy: one source for CloudFront (deployed) and the local web
 * server (so the e2e suite proves the app works under it). Scripts only from the app's origin
 * (never inline but the landing page's session gate, allowed by its hash; nor blob: now that the
 * workspace preview has a page of its own), images only from
 * it, inline data and the landing page's logo service (a model's reply cannot load a remote image:
 * see SafeImage), frames only from itself (the code workspace's preview page, PREVIEW_PAGE_PATH,
 * with a policy of its own), never framed itself.
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
    'script-src': ["'self'", ...(dev ? ["'unsafe-inline'"] : [LANDING_SESSION_GATE_SOURCE])],
    // Radix and React set style attributes; Vite injects <style> in dev.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Nothing from outside: the landing page's model marks and demos are bundled (landing-content.ts).
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.connect, ...(dev ? [dev.hmrOrigin] : [])],
    // The code workspace's preview page (PREVIEW_PAGE_PATH), sandboxed: see previewContentSecurityPolicy.
    'frame-src': ["'self'"],
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

/**
 * The code workspace's preview page: the app frames it sandboxed without allow-same-origin (an
 * opaque origin: nothing of the app's storage, cookies or DOM reachable), posts it the page to
 * render, and shows the console errors it posts back (docs/decisions/web.md, "Everyday fixes").
 */
export const PREVIEW_PAGE_PATH = '/workspace-preview.html';

/**
 * The preview page's own policy (served with it instead of the app's): the user's page runs as
 * written, inline scripts and handlers included ('unsafe-inline' is safe in an opaque origin that
 * holds nothing), but sends nothing anywhere and loads nothing but scripts of the app's own origin
 * (the Mermaid and React artifacts' runtimes, `/artifact-runtime/`: 'self' is the page's URL's
 * origin even in the sandbox), and only the app may frame it.
 */
export function previewContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' blob: 'self'",
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The other response headers of the app (CloudFront's response headers policy sets the same). */
export const SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;
