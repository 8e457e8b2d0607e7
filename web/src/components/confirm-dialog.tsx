import {
  cloneElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useRef,
  useState,
} from 'react';
import { dialogOpener } from './focus-return';

export type ConfirmDialogProps = {
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

const ConfirmDialogPanel = lazy(() =>
  import('./confirm-dialog-panel').then(({ ConfirmDialogPanel }) => ({ default: ConfirmDialogPanel })),
);

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * A destructive action asks first (Radix AlertDialog: focus starts on Cancel, Escape cancels,
 * the backdrop does not dismiss it). Radix's alert dialog loads with the first confirmation
 * opened; the trigger is the owner's button, marked as opening a dialog.
 */
export function ConfirmDialog({ trigger, open, onOpenChange, ...panel }: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const isOpen = open ?? ownOpen;
  // Once opened, the panel stays mounted (closed), as Radix's root stayed before.
  const used = useRef(false);
  if (isOpen) used.current = true;

  const change = (next: boolean) => {
    if (next) setOpener(dialogOpener());
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  return (
    <>
      {trigger
        ? cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
            'aria-haspopup': 'dialog',
            'aria-expanded': isOpen,
            'data-state': isOpen ? 'open' : 'closed',
            onClick: (event: MouseEvent<HTMLElement>) => {
              (trigger.props as TriggerProps).onClick?.(event);
              if (!event.defaultPrevented) change(true);
            },
          })
        : null}
      {used.current ? (
        <Suspense fallback={null}>
          <ConfirmDialogPanel {...panel} open={isOpen} onOpenChange={change} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
