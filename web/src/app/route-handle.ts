import { PRODUCT_NAME } from '@agentforge/shared';
import { useEffect } from 'react';
import { type UIMatch, useMatches } from 'react-router-dom';

/** What a route module exports as `handle`: its page's name in the document title. */
export type RouteHandle = { title: string };

/** The document title: the deepest matched route's name and the product's, or the product's alone. */
export function useDocumentTitle(): void {
  const matches = useMatches() as UIMatch<unknown, Partial<RouteHandle> | undefined>[];
  const title = matches.findLast((match) => match.handle?.title)?.handle?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} · AI Agent Platform`;
  }, [title]);
}
