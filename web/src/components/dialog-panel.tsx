import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { DialogProps } from './dialog';
import { returnFocus } from './focus-return';

const FIRST_FIELD =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

const PLACEMENT = {
  center: {
    frame: 'items-end justify-center p-0 sm:items-center sm:p-4',
    panel: 'max-h-[92dvh] rounded-t-2xl bg-white ring-1 ring-slate-200 sm:rounded-2xl',
  },
  side: { frame: 'justify-end', panel: 'h-full bg-slate-50' },
};

/** The Radix dialog behind `Dialog` (`dialog.tsx`), loaded when a dialog first opens. */
export function DialogPanel({
  title,
  description,
  onClose,
  children,
  footer,
  width = 'max-w-lg',
  placement = 'center',
  initialFocus,
  opener,
}: DialogProps & { opener: HTMLElement | null }) {
  const look = PLACEMENT[placement];
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => open || onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px]" />
        <div className={`pointer-events-none fixed inset-0 z-50 flex ${look.frame}`}>
          <DialogPrimitive.Content
            // Without a description Radix would warn; the title alone names the dialog.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              if (initialFocus !== 'field') return;
              const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIRST_FIELD);
              if (!field) return;
              event.preventDefault();
              field.focus();
            }}
            onCloseAutoFocus={(event) => {
              if (returnFocus(opener)) event.preventDefault();
            }}
            className={`pointer-events-auto relative flex w-full ${width} flex-col overflow-hidden shadow-2xl outline-none ${look.panel}`}
          >
            <header className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-100 bg-white px-6 py-4">
              <div className="min-w-0">
                <DialogPrimitive.Title className="text-base font-semibold text-slate-900">
                  {title}
                </DialogPrimitive.Title>
                {description ? (
                  <DialogPrimitive.Description asChild>
                    <div className="mt-0.5 text-sm text-slate-500">{description}</div>
                  </DialogPrimitive.Description>
                ) : null}
              </div>
              <DialogPrimitive.Close
                aria-label="Close"
                className="-mr-2 rounded-lg p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-700"
              >
                <XIcon className="size-5" />
              </DialogPrimitive.Close>
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
            {footer ? (
              <footer className="flex shrink-0 items-center justify-end gap-2 border-t border-slate-100 bg-slate-50/70 px-6 py-3">
                {footer}
              </footer>
            ) : null}
          </DialogPrimitive.Content>
        </div>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
