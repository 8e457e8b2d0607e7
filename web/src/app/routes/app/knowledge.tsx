import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import type { RouteHandle } from '../../route-handle';

// The screens load from here, not from the route table: the table (in every page's first load)
// then lists this small module's chunks only, not the screens'.
const KnowledgeScreen = lazy(() =>
  import('../../../features/knowledge/components/knowledge-screen').then((module) => ({
    default: module.KnowledgeScreen,
  })),
);
const CollectionScreen = lazy(() =>
  import('../../../features/knowledge/components/collection-screen').then((module) => ({
    default: module.CollectionScreen,
  })),
);

export const handle: RouteHandle = { title: 'Knowledge' };

/** /knowledge (signed-in): the caller's and their team's document collections (issue 33), from the sidebar. */
export function Component() {
  return <KnowledgeScreen />;
}

function CollectionPage() {
  const { collectionId = '' } = useParams();
  return <CollectionScreen key={collectionId} id={collectionId} />;
}

/** /knowledge/:collectionId (signed-in): a collection's files, uploads and search. */
export const collectionPage = {
  Component: CollectionPage,
  handle: { title: 'Knowledge collection' } satisfies RouteHandle,
};
