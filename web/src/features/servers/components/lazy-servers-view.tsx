import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner';
import type { ServersView as LoadedView } from './servers-view';

const View = lazy(() => import('./servers-view').then((module) => ({ default: module.ServersView })));

/**
 * The sidebar's Servers view, loaded when first shown: the chat's first paint does not carry the
 * server cards, their tooltips, the external-access panel or the catalog.
 */
export function ServersView(props: ComponentProps<typeof LoadedView>) {
  return (
    <Suspense fallback={<Spinner />}>
      <View {...props} />
    </Suspense>
  );
}
