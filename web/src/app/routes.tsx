import { errorMessage } from '@agentforge/shared';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { FullPageError } from '../components/full-page-error';
import { NotFoundScreen } from '../components/not-found-screen';
import { RouteErrorScreen } from '../components/route-error-screen';
import { FullPageSpinner } from '../components/spinner';
import { runtimeConfigReady } from '../config/runtime-config-ready';
import { GuestRoute } from '../features/auth/components/guest-route';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { CHAT_ROUTE_PATH } from '../features/chat/hooks/use-conversation-route';
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
async function apiPagesLayout(): Promise<Pick<RouteObject, 'Component'>> {
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
/** The knowledge collections and a collection's page, the same way. */
const knowledgePages = () => import('./routes/app/knowledge');

/**
 * The route table (spec 2). Screens are lazy route modules (each exports `Component`), so the
 * first page loads only its own code. Tests build a memory router from these same objects.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Public
      { index: true, lazy: () => import('./routes/landing') },
      { path: 'landing', lazy: () => import('./routes/landing') },
      // Guest: /login and /signup send authenticated visitors on
      {
        element: <GuestRoute />,
        children: [
          { path: 'login', lazy: () => import('./routes/auth/login') },
          { path: 'signup', lazy: () => import('./routes/auth/signup') },
        ],
      },
      { path: 'reset', lazy: () => import('./routes/auth/reset') },
      {
        // The pages that read the API: the query cache and the runtime configuration come with them (lazily).
        lazy: apiPagesLayout,
        children: [
          { path: 'github/callback', lazy: () => import('./routes/github-callback') },
          // A remote MCP server's OAuth return (a popup, or this tab: MCP_OAUTH_CALLBACK_PATH).
          { path: 'oauth/mcp-callback', lazy: () => import('./routes/mcp-oauth-callback') },
          // Signed-in
          {
            element: <ProtectedRoute />,
            children: [
              // The account's own: reachable before onboarding and while waitlisted.
              { path: 'pricing', lazy: () => import('./routes/app/pricing') },
              { path: 'onboarding', lazy: () => import('./routes/app/onboarding') },
              { path: 'profile', lazy: () => import('./routes/app/profile') },
              // An invitation admits a waitlisted invitee (the API's join route is everyone's).
              { path: 'teams/join', lazy: () => import('./routes/app/teams-join') },
              {
                // The product: onboarded and admitted users only (a lazy guard: its user check
                // brings the API client, which no public page needs).
                lazy: () =>
                  import('../features/onboarding/components/admitted-route').then((module) => ({
                    Component: module.AdmittedRoute,
                  })),
                children: [
                  // /home and /home/c/{conversationId}: one route, so the chat is not remounted between them.
                  { path: CHAT_ROUTE_PATH, lazy: () => import('./routes/app/home') },
                  { path: 'createuser', lazy: () => import('./routes/app/create-user') },
                  { path: 'workspace', lazy: () => import('./routes/app/workspace') },
                  { path: 'prompts', lazy: () => import('./routes/app/prompts') },
                  { path: 'automations', lazy: automationsPages },
                  {
                    path: 'automations/:automationId/*',
                    lazy: () => automationsPages().then((module) => module.automationPage),
                  },
                  { path: 'knowledge', lazy: knowledgePages },
                  {
                    path: 'knowledge/:collectionId',
                    lazy: () => knowledgePages().then((module) => module.collectionPage),
                  },
                  { path: 'teams', lazy: () => import('./routes/app/teams') },
                  // A conversation shared with a team, read-only (the link its author copies).
                  { path: 'shared/:conversationId', lazy: () => import('./routes/app/shared-conversation') },
                  { path: 'audit', lazy: () => import('./routes/app/audit') },
                  // The target after profile setup: it shows the user's own data, so it needs the session.
                  { path: 'dashboard', lazy: () => import('./routes/app/dashboard') },
                  // The code host's return: a signed-out visitor signs in and comes back here.
                  { path: 'servers/:appId', lazy: () => import('./routes/app/server') },
                ],
              },
            ],
          },
          // Targets of other flows; the spec lists no guard for them
          { path: 'subscription/success', lazy: () => import('./routes/subscription/success') },
          { path: 'subscription/cancel', lazy: () => import('./routes/subscription/cancel') },
        ],
      },
      { path: '*', element: <NotFoundScreen />, handle: { title: 'Page not found' } satisfies RouteHandle },
    ],
  },
];

/**
 * Loads the lazy route modules `location` matches into their routes (React Router's recipe for a
 * first render with no fallback): a prerendered page is replaced by the live one in one commit.
 */
export async function loadMatchedRoutes(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
