import { errorMessage } from '@agentforge/shared';

type BillingErrorProps = {
  /** The spec's words for what failed (e.g. 'Failed to load subscription data. Please try again.'). */
  message: string;
  /** The failure itself, shown under it when it says more. */
  error?: unknown;
  onRetry?: () => void;
};

/** A failed billing call: the spec's message, the client's detail and an optional 'Try again'. */
export function BillingError({ message, error, onRetry }: BillingErrorProps) {
  const detail = error === undefined || error === null ? '' : errorMessage(error);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      <p className="font-medium">{message}</p>
      {detail && detail !== message ? <p className="mt-1 text-xs text-red-600">{detail}</p> : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 text-sm font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
