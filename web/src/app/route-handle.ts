import { PRODUCT_NAME } from '@agentforge/shared';
import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { routeHandle } from './lazy-route';
import { routes } from './routes';

/** What a route module exports as `handle`: its page's name in the document title. */
export type RouteHandle = { title: string };

/**
 * The document title: the deepest matched route's name and the product's, or the product's alone.
 * Used where the page renders (inside the routes' Suspense), so its modules, which name it, are loaded.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname) ?? [];
  const title = matches.map(({ route }) => routeHandle(route)?.title).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} · AI Agent Platform`;
  }, [title]);
}
