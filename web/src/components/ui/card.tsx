import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const CARD_CLASS = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

type CardProps = ComponentProps<'div'> & {
  /** Styles its only child (a <section>, a <form>) as the card instead of rendering a <div>. */
  asChild?: boolean;
};

/** A white rounded panel on the page's grey background. */
export function Card({ asChild = false, className, ...props }: CardProps) {
  const Component = asChild ? Slot.Root : 'div';
  return <Component className={cn(CARD_CLASS, className)} {...props} />;
}
