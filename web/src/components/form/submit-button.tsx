import { AUTH_MESSAGES } from '@agentforge/shared';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

type SubmitButtonProps = {
  children: ReactNode;
  /** A request is running: spinner and 'Loading...', and the button is disabled. */
  loading?: boolean;
  disabled?: boolean;
};

/** The primary full-width submit button of a form. */
export function SubmitButton({ children, loading = false, disabled = false }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="primary"
      size="lg"
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className="w-full"
    >
      {loading ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
          {AUTH_MESSAGES.loading}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
