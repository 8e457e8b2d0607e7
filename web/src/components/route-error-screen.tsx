import { ROUTER_MESSAGES } from '@agentforge/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FullPageError } from './full-page-error';
import { NotFoundScreen } from './not-found-screen';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's default error screen (spec 2): 'Unexpected Application Error!' with the error's
 * message underneath. A 404 error response (an unmatched URL or a loader's 404) is the not-found screen.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
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
