import { Progress as RadixProgress } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

type ProgressProps = Omit<ComponentProps<typeof RadixProgress.Root>, 'value' | 'max'> & {
  /** 0-1; undefined: under way, how far unknown (an indeterminate bar). */
  value: number | undefined;
  /** Label it: aria-label, or aria-labelledby. */
  'aria-label'?: string;
};

/**
 * A thin progress bar (Radix Progress: role progressbar with its value, 0-100, read out; without
 * a value it is indeterminate and pulses).
 */
export function Progress({ value, className, ...props }: ProgressProps) {
  const percent = value === undefined ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <RadixProgress.Root
      value={percent}
      max={100}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <RadixProgress.Indicator
        className={cn(
          'h-full rounded-full bg-indigo-600 transition-[width]',
          percent === null && 'animate-pulse',
        )}
        style={{ width: `${percent ?? 100}%` }}
      />
    </RadixProgress.Root>
  );
}
