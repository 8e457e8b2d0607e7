import { errorMessage } from '@agentforge/shared';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { FullPageError } from '../components/full-page-error';
import { NotFoundScreen } from '../components/not-found-screen';
import { runtimeConfigReady } from '../config/runtime-config-ready';
import { GuestRoute } from '../features/auth/components/guest-route';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { CHAT_ROUTE_PATH } from '../features/chat/hooks/use-conversation-route';
import { LazyRoute, loadRoute, type RouteModule } from './lazy-route';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';

/** Why the runtime configuration could not be loaded (shown by {@link ConfigurationFailed}). */
let configurationFailure = '';

function ConfigurationFailed() {
  return (
    <FullPageError
      title="The app could not start"
      message="Its configuration could not be loaded. Please try again later or contact support."
      details={configurationFailure}
    />
  );
}

/**
 * The layout of the pages that read the API, once the runtime configuration (the API's address)
 * is loaded too; without it they cannot start.
 */
async function apiPagesLayout(): Promise<RouteModule> {
  const layout = import('./query-layout');
  try {
    await runtimeConfigReady();
  } catch (error) {
    configurationFailure = errorMessage(error);
    return { Component: ConfigurationFailed };
  }
  return layout;
}

/** The automations list and an automation's page: one module (one chunk list for /home's entry to carry). */
const automationsPages = () => import('./routes/app/automations');
const automationPage = () => automationsPages().then((module) => module.automationPage);
/** The knowledge collections and a collection's page, the same way. */
const knowledgePages = () => import('./routes/app/knowledge');
const collectionPage = () => knowledgePages().then((module) => module.collectionPage);
/** The product's guard (lazy: its user check brings the API client, which no public page needs). */
const admittedRoute = () =>
  import('../features/onboarding/components/admitted-route').then((module) => ({
    Component: module.AdmittedRoute,
  }));

/**
 * The route table (spec 2), rendered in declarative mode (`router.tsx`). Screens are lazy route
 * modules (each exports `Component`, and `handle` with its title), so the first page loads only its
 * own code. Tests render these same objects over a memory history.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public
      { index: true, element: <LazyRoute load={() => import('./routes/landing')} /> },
      { path: 'landing', element: <LazyRoute load={() => import('./routes/landing')} /> },
      // Guest: /login and /signup send authenticated visitors on
      {
        element: <GuestRoute />,
        children: [
          { path: 'login', element: <LazyRoute load={() => import('./routes/auth/login')} /> },
          { path: 'signup', element: <LazyRoute load={() => import('./routes/auth/signup')} /> },
        ],
      },
      { path: 'reset', element: <LazyRoute load={() => import('./routes/auth/reset')} /> },
      {
        // The pages that read the API: the query cache and the runtime configuration come with them (lazily).
        element: <LazyRoute load={apiPagesLayout} />,
        children: [
          { path: 'github/callback', element: <LazyRoute load={() => import('./routes/github-callback')} /> },
          // A remote MCP server's OAuth return (a popup, or this tab: MCP_OAUTH_CALLBACK_PATH).
          {
            path: 'oauth/mcp-callback',
            element: <LazyRoute load={() => import('./routes/mcp-oauth-callback')} />,
          },
          // Signed-in
          {
            element: <ProtectedRoute />,
            children: [
              // The account's own: reachable before onboarding and while waitlisted.
              { path: 'pricing', element: <LazyRoute load={() => import('./routes/app/pricing')} /> },
              { path: 'onboarding', element: <LazyRoute load={() => import('./routes/app/onboarding')} /> },
              { path: 'profile', element: <LazyRoute load={() => import('./routes/app/profile')} /> },
              // An invitation admits a waitlisted invitee (the API's join route is everyone's).
              { path: 'teams/join', element: <LazyRoute load={() => import('./routes/app/teams-join')} /> },
              {
                // The product: onboarded and admitted users only.
                element: <LazyRoute load={admittedRoute} />,
                children: [
                  // /home and /home/c/{conversationId}: one route, so the chat is not remounted between them.
                  { path: CHAT_ROUTE_PATH, element: <LazyRoute load={() => import('./routes/app/home')} /> },
                  {
                    path: 'createuser',
                    element: <LazyRoute load={() => import('./routes/app/create-user')} />,
                  },
                  { path: 'workspace', element: <LazyRoute load={() => import('./routes/app/workspace')} /> },
                  { path: 'prompts', element: <LazyRoute load={() => import('./routes/app/prompts')} /> },
                  { path: 'automations', element: <LazyRoute load={automationsPages} /> },
                  {
                    path: 'automations/:automationId/*',
                    element: <LazyRoute load={automationPage} />,
                  },
                  { path: 'knowledge', element: <LazyRoute load={knowledgePages} /> },
                  {
                    path: 'knowledge/:collectionId',
                    element: <LazyRoute load={collectionPage} />,
                  },
                  { path: 'teams', element: <LazyRoute load={() => import('./routes/app/teams')} /> },
                  // A conversation shared with a team, read-only (the link its author copies).
                  {
                    path: 'shared/:conversationId',
                    element: <LazyRoute load={() => import('./routes/app/shared-conversation')} />,
                  },
                  { path: 'audit', element: <LazyRoute load={() => import('./routes/app/audit')} /> },
                  // The target after profile setup: it shows the user's own data, so it needs the session.
                  { path: 'dashboard', element: <LazyRoute load={() => import('./routes/app/dashboard')} /> },
                  // The code host's return: a signed-out visitor signs in and comes back here.
                  {
                    path: 'servers/:appId',
                    element: <LazyRoute load={() => import('./routes/app/server')} />,
                  },
                ],
              },
            ],
          },
          // Targets of other flows; the spec lists no guard for them
          {
            path: 'subscription/success',
            element: <LazyRoute load={() => import('./routes/subscription/success')} />,
          },
          {
            path: 'subscription/cancel',
            element: <LazyRoute load={() => import('./routes/subscription/cancel')} />,
          },
        ],
      },
      { path: '*', element: <NotFoundScreen />, handle: { title: 'Page not found' } satisfies RouteHandle },
    ],
  },
];

/**
 * Loads the code of the routes `location` matches before the first render, so it renders the page
 * with no fallback: a prerendered page is replaced by the live one in one commit.
 */
export async function loadMatchedRoutes(location: Pick<Location, 'pathname'>): Promise<void> {
  await Promise.all((matchRoutes(routes, location.pathname) ?? []).map(({ route }) => loadRoute(route)));
}
