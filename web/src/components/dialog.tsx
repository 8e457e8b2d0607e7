import { lazy, type ReactNode, Suspense, useState } from 'react';
import { dialogOpener } from './focus-return';

export type DialogProps = {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Sticky bottom row (the form's buttons). */
  footer?: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** 'center': a modal in the middle (a sheet from the bottom on phones); 'side': a slide-over. */
  placement?: 'center' | 'side';
  /** 'field': the focus starts in the first form field (a form to fill in), not on Close. */
  initialFocus?: 'field';
};

const DialogPanel = lazy(() =>
  import('./dialog-panel').then(({ DialogPanel }) => ({ default: DialogPanel })),
);

/**
 * A modal dialog (Radix: focus trapped inside, Escape and the backdrop close it, focus returns to
 * where it was). Mounted while open: the owner renders it or not. Radix's dialog loads with the
 * first dialog opened (nothing shows meanwhile, the focus stays where it was).
 */
export function Dialog(props: DialogProps) {
  // Opened by state, not by a Radix Trigger: remember what had focus, to give it back on close.
  const [opener] = useState(dialogOpener);
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} opener={opener} />
    </Suspense>
  );
}
