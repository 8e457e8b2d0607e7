import { AlertDialog } from 'radix-ui';
import type { ConfirmDialogProps } from './confirm-dialog';
import { returnFocus } from './focus-return';
import { buttonVariants } from './ui/button';

/** The Radix alert dialog behind `ConfirmDialog` (`confirm-dialog.tsx`), loaded when one first opens. */
export function ConfirmDialogPanel({
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  open,
  onOpenChange,
  opener,
}: Omit<ConfirmDialogProps, 'trigger' | 'open'> & { open: boolean; opener: HTMLElement | null }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (returnFocus(opener)) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200 outline-none"
        >
          <AlertDialog.Title className="text-base font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className={buttonVariants({ variant: 'destructive', size: 'sm' })}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
