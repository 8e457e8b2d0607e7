import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The look shared by text inputs, text areas and selects: a ring that thickens on focus, red when invalid. */
export const fieldVariants = cva(
  'block w-full rounded-lg border-0 bg-white text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset transition outline-none placeholder:text-slate-400 hover:ring-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-300 aria-[invalid=true]:focus:ring-red-500',
  {
    variants: {
      size: {
        md: 'px-3 py-2',
        lg: 'px-3.5 py-2.5',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type InputProps = Omit<ComponentProps<'input'>, 'size'> & VariantProps<typeof fieldVariants>;

/** A text input (label it: a <label htmlFor>, or aria-label). */
export function Input({ size, className, ...props }: InputProps) {
  return <input className={cn(fieldVariants({ size }), className)} {...props} />;
}
