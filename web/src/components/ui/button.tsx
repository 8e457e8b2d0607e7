import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

// `transition-colors`, not `transition`: a button enabled again is at full contrast at once (axe).
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50',
  {
    variants: {
      variant: {
        // Hover darkens: white on indigo-500 or red-500 is under 4.5:1 (axe finds it when the pointer rests there).
        primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 disabled:hover:bg-indigo-600',
        /** Confirms what cannot be undone (delete, discard). */
        destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:hover:bg-red-600',
        secondary:
          'bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:hover:bg-white',
        danger:
          'bg-white text-red-700 shadow-sm ring-1 ring-red-300 ring-inset hover:bg-red-50 disabled:hover:bg-white',
        /** The agent panel's dark call to action (it sits beside indigo chat controls). */
        strong: 'bg-slate-900 text-white shadow-sm hover:bg-slate-700 disabled:hover:bg-slate-900',
        ghost: 'text-slate-700 hover:bg-slate-100',
      },
      size: {
        xs: 'rounded-md px-2.5 py-1 text-xs',
        sm: 'px-3 py-1.5 text-sm',
        md: 'px-3 py-2 text-sm',
        lg: 'px-4 py-2.5 text-sm',
        /** A square icon button: give it an aria-label. */
        icon: 'rounded-md p-1.5',
        /** The composer's round icon buttons (attach, saved prompts): give it an aria-label. */
        round: 'size-10 shrink-0 rounded-full p-0',
      },
    },
    defaultVariants: { variant: 'secondary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Styles its only child (a link) as the button instead of rendering a <button>. */
    asChild?: boolean;
  };

/** The app's button. `type` defaults to "button": a submit button says so. */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
