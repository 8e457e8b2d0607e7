import { ROUTER_MESSAGES } from '@agentforge/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { useAuth } from '../features/auth/hooks/use-auth';
import { renderRoutes, SIGNED_IN } from '../testing/render-routes';
import { LazyRoute } from './lazy-route';
import { loadMatchedRoutes, routes } from './routes';

// The landing page checks the session itself (spec 2); a guest unless a test says otherwise.
const { getCurrentUser } = vi.hoisted(() => ({ getCurrentUser: vi.fn() }));
vi.mock('aws-amplify/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/auth')>()),
  getCurrentUser,
}));
// /home loads the current user and sends the visitor to / when that fails; here it stays pending.
// An admitted user: the product's pages show once the user check answers.
vi.mock('../features/chat/api/current-user', () => ({
  fetchUserCheck: async () => ({
    isWhitelisted: true,
    hasCompletedOnboarding: true,
    email: 'ada@example.com',
  }),
}));

/** The route table with extra children under the root route (and so under its error screen). */
function withRootChildren(extra: RouteObject[]): RouteObject[] {
  const [root] = routes;
  if (!root) throw new Error('the route table has no root route');
  return [{ ...root, children: [...extra, ...(root.children ?? [])] } as RouteObject];
}

function Broken(): never {
  throw new Error('render exploded');
}

/** Signs out as the app does, but navigating with `flushSync` only when told (the guard's other case). */
function SignOut({ flushSync }: { flushSync: boolean }) {
  const navigate = useNavigate();
  const { dispatch } = useAuth();
  const signOut = () => {
    void navigate('/', { replace: true, flushSync });
    dispatch({ type: 'SET_UNAUTHENTICATED' });
  };
  return (
    <button type="button" onClick={signOut}>
      Sign out
    </button>
  );
}

function silenceConsoleErrors() {
  // React and the router log caught render/loader errors; the screen is what these tests check.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

beforeEach(() => {
  getCurrentUser.mockRejectedValue(new Error('UserUnAuthenticatedException'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the route table', () => {
  it('shows the not-found text for an unknown path', async () => {
    renderRoutes('/no/such/page');
    expect(await screen.findByText(ROUTER_MESSAGES.notFound)).toBeTruthy();
    expect(document.title).toBe('Page not found · AgentForge');
  });

  it("names each page in the document title, and the product's name on the landing page", async () => {
    renderRoutes('/login');
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(document.title).toBe('Login · AgentForge'));
    cleanup();
    renderRoutes('/');
    await screen.findAllByRole('link', { name: 'Sign In' });
    await waitFor(() => expect(document.title).toBe('AgentForge · AI Agent Platform'));
  });

  it('shows the landing hero with sign-in and get-started links to a guest', async () => {
    renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'AI Agent Platform' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
  });

  it('sends a signed-in visitor from the landing page to /home', async () => {
    getCurrentUser.mockResolvedValueOnce({ username: 'ada@example.com', userId: 'u1' });
    const { router } = renderRoutes('/landing', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it("shows the error screen with the error message when a page's code cannot be loaded", async () => {
    silenceConsoleErrors();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const table = withRootChildren([{ path: 'boom', element: <LazyRoute load={failing} /> }]);
    renderRoutes('/boom', { routes: table });
    expect(await screen.findByText(ROUTER_MESSAGES.unexpected)).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
  });

  it('shows the error screen when an element throws while rendering', async () => {
    silenceConsoleErrors();
    renderRoutes('/broken', { routes: withRootChildren([{ path: 'broken', element: <Broken /> }]) });
    expect(await screen.findByText(ROUTER_MESSAGES.unexpected)).toBeTruthy();
    expect(screen.getByText('render exploded')).toBeTruthy();
  });

  it('shows the next page after navigating away from the error screen', async () => {
    silenceConsoleErrors();
    const { router } = renderRoutes('/broken', {
      routes: withRootChildren([{ path: 'broken', element: <Broken /> }]),
    });
    expect(await screen.findByText(ROUTER_MESSAGES.unexpected)).toBeTruthy();
    await router.navigate('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByText(ROUTER_MESSAGES.unexpected)).toBeNull();
  });
});

describe('the signed-in guard', () => {
  it('shows the spinner while the auth state is loading', async () => {
    // The route modules loaded first (as for a prerendered page), so the spinner is the guard's, not the routes'.
    await loadMatchedRoutes({ pathname: '/home' });
    renderRoutes('/home', { auth: { isLoading: true, authChecked: false } });
    expect(screen.getByText(ROUTER_MESSAGES.loading)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull();
  });

  it('shows the auth error', async () => {
    renderRoutes('/pricing', { auth: { error: 'Failed to load user profile' } });
    expect(
      await screen.findByText(
        'Error: Failed to load user profile. Please try refreshing or contacting support.',
      ),
    ).toBeTruthy();
  });

  it('redirects a guest to /login remembering where they were going', async () => {
    const { router } = renderRoutes('/onboarding?step=2#top');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/onboarding', search: '?step=2', hash: '#top' },
    });
  });

  it("sends a signed-out visitor of a server's page (the code host's return) to sign in and back", async () => {
    const { router } = renderRoutes('/servers/s1?feature=settings');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/servers/s1', search: '?feature=settings', hash: '' },
    });
  });

  it.each([
    ['rendered at once (flushSync)', true],
    ['waiting in a transition', false],
  ])(
    'lets a navigation under way finish when the visitor is signed out meanwhile: %s',
    async (_, flushSync) => {
      const table = withRootChildren([
        { path: 'leave', element: <ProtectedRoute>{<SignOut flushSync={flushSync} />}</ProtectedRoute> },
      ]);
      const { router } = renderRoutes('/leave', { auth: SIGNED_IN, routes: table });
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { name: 'AI Agent Platform' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(visited).not.toContain('/login');
    },
  );

  it('renders the page for a signed-in visitor', async () => {
    renderRoutes('/profile', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
  });
});

describe('the guest routes', () => {
  it('send a signed-in visitor on /login to /home', async () => {
    const { router } = renderRoutes('/login', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('send a signed-in visitor on /login to the remembered location', async () => {
    const { router } = renderRoutes(
      { pathname: '/login', state: { from: { pathname: '/pricing', search: '', hash: '' } } },
      { auth: SIGNED_IN },
    );
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('show the sign-up screen to a guest', async () => {
    renderRoutes('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
  });
});
