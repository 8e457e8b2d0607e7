import type { ComponentProps } from 'react';
import { cn } from './cn';

type ProgressProps = Omit<ComponentProps<'div'>, 'role' | 'children'> & {
  /** 0-1; undefined: under way, how far unknown (an indeterminate bar, pulsing). */
  value: number | undefined;
  /** Label it: aria-label, or aria-labelledby. */
  'aria-label'?: string;
};

/**
 * A thin progress bar: role progressbar with its value read out as a percentage (none while
 * indeterminate). A div, as the usage bars are, not Radix Progress: its code would be split out of
 * /home's first load (the chat's weight budget) for the same few attributes.
 */
export function Progress({ value, className, ...props }: ProgressProps) {
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-indigo-600 transition-[width]',
          percent === undefined && 'animate-pulse',
        )}
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
