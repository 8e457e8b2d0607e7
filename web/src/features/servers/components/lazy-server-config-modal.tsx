import { type ComponentProps, lazy, Suspense } from 'react';
import type { ServerConfigModal as LoadedModal } from './server-config-modal';

const Modal = lazy(() =>
  import('./server-config-modal').then((module) => ({ default: module.ServerConfigModal })),
);

/** The server configuration dialog, loaded when first opened: the pages that offer it do not carry its form. */
export function ServerConfigModal(props: ComponentProps<typeof LoadedModal>) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
