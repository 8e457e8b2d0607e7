import { useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { loadRoute } from './lazy-route';
import { routes } from './routes';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Starts loading the code of the page at `path` and of the layouts above it (for a page that
 * reads the API, the runtime configuration too), each once: the page then renders from the
 * modules already fetched.
 */
export function preloadRoute(path: string, table: RouteObject[] = routes): void {
  for (const { route } of matchRoutes(table, path) ?? []) {
    // A failure is the navigation's to report, when it happens (the load is tried again then).
    loadRoute(route).catch(() => undefined);
  }
}

/** Preloads the page of a same-origin link the visitor points at, touches or focuses (intent to follow it). */
export function usePreloadOnIntent(table: RouteObject[] = routes): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
        preloadRoute(link.pathname, table);
      }
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, [table]);
}
