import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldVariants } from './input';

type SelectProps = Omit<ComponentProps<'select'>, 'size'> & VariantProps<typeof fieldVariants>;

/**
 * A native <select> in the inputs' look. Native, not a Radix Select: the platform's own picker is
 * accessible as it is (keyboard, screen readers), is the phone's wheel or sheet, and works with forms.
 */
export function Select({ size, className, ...props }: SelectProps) {
  return <select className={cn(fieldVariants({ size }), 'w-auto', className)} {...props} />;
}
