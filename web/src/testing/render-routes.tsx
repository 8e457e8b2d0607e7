import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { routes as appRoutes } from '../app/routes';
import { type AuthState, initialAuthState } from '../features/auth/hooks/auth-reducer';
import { AuthContext, type AuthContextValue } from '../features/auth/hooks/use-auth';

/** A finished session check of a guest; override with `auth`. */
export const GUEST: AuthState = { ...initialAuthState, isLoading: false, authChecked: true };

export const SIGNED_IN: AuthState = {
  ...GUEST,
  isAuthenticated: true,
  user: { username: 'ada@example.com', userId: 'user-1' },
};

type RenderRoutesOptions = { auth?: Partial<AuthState>; routes?: RouteObject[] };

/** Renders the app's route table (or `routes`) in a memory router at `entry`, with a fixed auth state. */
export function renderRoutes(entry: InitialEntry, { auth, routes = appRoutes }: RenderRoutesOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const value: AuthContextValue = { ...GUEST, ...auth, dispatch: vi.fn(), checkAuth: vi.fn() };
  const view = render(
    <AuthContext value={value}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { router, ...view };
}
