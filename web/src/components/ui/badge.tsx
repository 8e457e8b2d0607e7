import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 whitespace-nowrap ring-1',
  {
    variants: {
      tone: {
        neutral: 'bg-slate-100 text-slate-600 ring-slate-500/20',
        info: 'bg-sky-50 text-sky-700 ring-sky-600/20',
        success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
        warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
        danger: 'bg-red-50 text-red-700 ring-red-600/20',
        accent: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
        violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
        outline: 'bg-white text-slate-600 ring-slate-300',
      },
      size: {
        sm: 'text-[11px] font-medium',
        md: 'text-xs font-medium',
      },
    },
    defaultVariants: { tone: 'neutral', size: 'md' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

/** A small coloured pill for a status or a role; the text says it, the colour only repeats it. */
export function Badge({ tone, size, className, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone, size }), className)} {...props} />;
}
