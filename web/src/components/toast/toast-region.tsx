import { useCallback } from 'react';
import { ToastCard } from './toast-card';
import { type AreaToast, useToast } from './toast-provider';
import { Toaster } from './toaster';

function AreaToastCard({ toast, onClose }: { toast: AreaToast; onClose: (id: string) => void }) {
  const close = useCallback(() => onClose(toast.id), [onClose, toast.id]);
  const tone = toast.type === 'error' ? 'destructive' : toast.type;
  return <ToastCard title={toast.title} description={toast.message} tone={tone} onClose={close} />;
}

/** Both toast systems, stacked in one region fixed at the bottom right of every screen (spec 2). */
export function ToastRegion() {
  const { toasts, removeToast } = useToast();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-3 p-4 sm:p-6"
    >
      {toasts.map((t) => (
        <AreaToastCard key={t.id} toast={t} onClose={removeToast} />
      ))}
      <Toaster />
    </section>
  );
}
