import { ROUTER_MESSAGES } from '@agentforge/shared';
import { FullPageError } from './full-page-error';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's default error screen (spec 2): 'Unexpected Application Error!' with the error's
 * message underneath (`app/route-error-boundary.tsx` shows it for a page that failed).
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  return (
    <FullPageError title={ROUTER_MESSAGES.unexpected} details={describe(error)}>
      <a
        href="/"
        className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
      >
        Reload the app
      </a>
    </FullPageError>
  );
}
