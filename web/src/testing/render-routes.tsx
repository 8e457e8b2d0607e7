import { render } from '@testing-library/react';
import { type ReactNode, useMemo, useReducer } from 'react';
import type { InitialEntry, RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '../app/router';
import { routes as appRoutes } from '../app/routes';
// The chat's messages load their code on first use (lazy-conversation-view.tsx): loaded with the test
// file here, as the app loads it ahead (the message box focused), so a test waits for data, not code.
import '../features/chat/components/conversation-view';
import {
  type AuthAction,
  type AuthState,
  type AuthUser,
  authReducer,
  initialAuthState,
} from '../features/auth/hooks/auth-reducer';
import { AuthContext, type AuthContextValue } from '../features/auth/hooks/use-auth';
import { queryWrapper } from './query';
import { testRouter } from './test-router';

/** A finished session check of a guest; override with `auth`. */
export const GUEST: AuthState = { ...initialAuthState, isLoading: false, authChecked: true };

export const SIGNED_IN: AuthState = {
  ...GUEST,
  isAuthenticated: true,
  user: { username: 'ada@example.com', userId: 'user-1' },
};

type RenderRoutesOptions = {
  auth?: Partial<AuthState>;
  routes?: RouteObject[];
  /** The user `checkAuth()` finds (it then marks the state authenticated); by default it changes nothing. */
  userAfterCheck?: AuthUser;
};

type AuthSpies = {
  checkAuth: ReturnType<typeof vi.fn<() => void>>;
  dispatch: ReturnType<typeof vi.fn<(action: AuthAction) => void>>;
};

function TestAuthProvider({
  initial,
  userAfterCheck,
  spies,
  children,
}: {
  initial: AuthState;
  userAfterCheck: AuthUser | undefined;
  spies: AuthSpies;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(authReducer, initial);
  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      dispatch: (action) => {
        spies.dispatch(action);
        dispatch(action);
      },
      checkAuth: async () => {
        spies.checkAuth();
        if (userAfterCheck) dispatch({ type: 'SET_AUTHENTICATED', user: userAfterCheck, session: null });
      },
    }),
    [state, spies, userAfterCheck],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/**
 * Renders the app's route table (or `routes`) as the app does, over a memory history at `entry`,
 * with the auth state `auth` held by the real reducer (so screens that dispatch see the change)
 * and a `checkAuth` that finds `userAfterCheck`. `auth.checkAuth` and `auth.dispatch` record the calls.
 */
export function renderRoutes(
  entry: InitialEntry,
  { auth, routes = appRoutes, userAfterCheck }: RenderRoutesOptions = {},
) {
  const { router, withRouter } = testRouter(entry);
  const spies: AuthSpies = { checkAuth: vi.fn(), dispatch: vi.fn() };
  const view = render(
    <TestAuthProvider initial={{ ...GUEST, ...auth }} userAfterCheck={userAfterCheck} spies={spies}>
      {withRouter(<AppRoutes table={routes} />)}
    </TestAuthProvider>,
    { wrapper: queryWrapper() },
  );
  return { router, auth: spies, ...view };
}
