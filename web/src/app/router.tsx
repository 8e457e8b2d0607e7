import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The browser router over the route table, created on first render (after the config is loaded). */
export function AppRouter() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
