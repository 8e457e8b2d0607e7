import type { Message } from '@agentforge/shared';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

/**
 * '< 2/3 >' under a message with alternatives (regenerated, or edited and resent): the buttons show
 * the alternative before or after it and the branch that follows it. Without `onShow` (a reply is
 * being written) the count shows and the buttons are disabled.
 */
export function BranchSwitcher({
  message,
  onShow,
  align,
}: {
  message: Message;
  onShow?: ((messageId: string) => void) | null | undefined;
  align: 'start' | 'end';
}) {
  const siblings = message.siblingIds ?? [];
  const at = siblings.indexOf(message.id);
  if (siblings.length < 2 || at < 0) return null;
  const previous = siblings[at - 1];
  const next = siblings[at + 1];
  return (
    <fieldset
      aria-label={`Alternative ${at + 1} of ${siblings.length}`}
      className={cn(
        'mt-1 flex items-center gap-0.5 text-xs font-medium text-slate-600',
        align === 'end' ? 'justify-end' : 'pl-10',
      )}
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label="Previous alternative"
        disabled={!onShow || !previous}
        onClick={() => previous && onShow?.(previous)}
      >
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
      </Button>
      <span className="tabular-nums">
        {at + 1}/{siblings.length}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Next alternative"
        disabled={!onShow || !next}
        onClick={() => next && onShow?.(next)}
      >
        <ChevronRightIcon aria-hidden="true" className="size-4" />
      </Button>
    </fieldset>
  );
}
