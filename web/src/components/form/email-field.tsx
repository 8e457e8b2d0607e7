import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** The e-mail field every guest form starts with (sign-in, sign-up, reset). */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return (
    <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}
