import { ROUTER_MESSAGES } from '@agentforge/shared';

/** A spinning ring with a visible label (default 'Loading...'). */
export function Spinner({ label = ROUTER_MESSAGES.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-slate-600">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-900"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

/** The spinner centred on an otherwise empty page. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner label={label} />
    </div>
  );
}
