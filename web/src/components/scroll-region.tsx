import type { ReactNode } from 'react';

type ScrollRegionProps = { label: string; className: string; children: ReactNode };

/**
 * Content that may scroll (a code snippet, a tool result): a named region in the tab order, so a
 * keyboard user can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable). Positioned, so it
 * clips what is absolutely positioned inside it too (a screen-reader-only label), which would
 * otherwise widen the page.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys.
      tabIndex={0}
      className={`relative outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${className}`}
    >
      {children}
    </section>
  );
}
