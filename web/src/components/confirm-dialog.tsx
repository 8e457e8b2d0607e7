import { AlertDialog } from 'radix-ui';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { dialogOpener, returnFocus } from './focus-return';

type ConfirmDialogProps = {
  /** The button that opens the confirmation; focus returns to it. Without one: `open` says. */
  trigger?: ReactElement;
  /** Opened by its owner (e.g. a choice in a select to confirm) rather than by a trigger. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
};

/**
 * A destructive action asks first (Radix AlertDialog: focus starts on Cancel, Escape cancels,
 * the backdrop does not dismiss it).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root
      {...(open === undefined ? {} : { open })}
      onOpenChange={(next) => {
        if (next) opener.current = dialogOpener();
        onOpenChange?.(next);
      }}
    >
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (returnFocus(opener.current)) event.preventDefault();
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
              className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-500"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
