import { type RouteObject, UNSAFE_createBrowserHistory, useLocation, useRoutes } from 'react-router-dom';
import { HistoryRouter, type RouterHistory } from './history-router';
import { preloadRoute } from './preload-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

let history: RouterHistory | undefined;

/**
 * The route table in React Router's declarative mode: no loaders or actions, so its data router
 * (twice the code in every page's first load) is not needed.
 */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const location = useLocation();
  // Every matched route's code starts loading now, together, not each layout's after the one above.
  preloadRoute(location.pathname, table);
  const element = useRoutes(table, location);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

/** The app's router over the browser's history, created on first render (after the config is loaded). */
export function AppRouter() {
  history ??= UNSAFE_createBrowserHistory({ v5Compat: true });
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
