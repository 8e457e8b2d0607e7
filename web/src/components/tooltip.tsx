import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * A hint on hover and on keyboard focus (Radix Tooltip, described-by the trigger). A disabled
 * button receives no pointer events, so wrap it (a span with tabIndex) to keep its hint.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    // Its own provider (as shadcn/ui does): no app-wide wrapper to forget in a test.
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="theme-light z-50 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
