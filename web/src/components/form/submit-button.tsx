import { AUTH_MESSAGES } from '@agentforge/shared';
import type { ReactNode } from 'react';

type SubmitButtonProps = {
  children: ReactNode;
  /** A request is running: spinner and 'Loading...', and the button is disabled. */
  loading?: boolean;
  disabled?: boolean;
};

/** The primary full-width submit button of a form. */
export function SubmitButton({ children, loading = false, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-indigo-600"
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
    </button>
  );
}
