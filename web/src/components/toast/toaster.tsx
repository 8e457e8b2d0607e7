import { useCallback } from 'react';
import { ToastCard } from './toast-card';
import { dismissToast, type StoredToast, useToasterState } from './toaster-store';

/**
 * How long an open sign-in area toast stays before it is dismissed. The spec gives no value; this
 * is the default of the Radix toast that shadcn's toaster is built on.
 */
export const SIGN_IN_TOAST_DURATION_MS = 5000;

function SignInToastCard({ toast }: { toast: StoredToast }) {
  const close = useCallback(() => dismissToast(toast.id), [toast.id]);
  return (
    <ToastCard
      title={toast.title}
      description={toast.description}
      tone={toast.variant}
      action={toast.action}
      onClose={close}
      autoCloseMs={SIGN_IN_TOAST_DURATION_MS}
    />
  );
}

/** The open sign-in area toasts (at most one). */
export function Toaster() {
  const { toasts } = useToasterState();
  return (
    <>
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <SignInToastCard key={t.id} toast={t} />
        ))}
    </>
  );
}
