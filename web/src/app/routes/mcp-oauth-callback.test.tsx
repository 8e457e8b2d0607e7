import { screen, waitFor } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toast/toaster';
import { resetToaster } from '../../components/toast/toaster-store';
import { MCP_OAUTH_MESSAGE } from '../../features/servers/utils/oauth-popup';
import { type FakeHttp, fakeHttp, json } from '../../testing/fake-http';
import { renderRoutes, SIGNED_IN } from '../../testing/render-routes';
import { Component as McpOAuthCallback } from './mcp-oauth-callback';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

let http: FakeHttp;

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}`}</p>;
}

const ROUTES = [
  {
    element: (
      <>
        <Toaster />
        <Outlet />
      </>
    ),
    children: [
      { path: 'oauth/mcp-callback', element: <McpOAuthCallback /> },
      { path: 'home', element: <Where /> },
    ],
  },
];

const visit = (query: string) =>
  renderRoutes(`/oauth/mcp-callback?${query}`, { auth: SIGNED_IN, routes: ROUTES });

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetToaster();
});

describe('/oauth/mcp-callback', () => {
  it('hands the code and state to the API, tells the opener and closes the popup', async () => {
    http.answer('POST', /^\/mcp-servers\/oauth\/callback$/, { serverId: 'r1' });
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    visit('code=c0de&state=st4te');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(http.seen('POST', /^\/mcp-servers\/oauth\/callback$/).map((request) => request.body)).toEqual([
      { code: 'c0de', state: 'st4te' },
    ]);
    expect(postMessage).toHaveBeenCalledWith(
      { type: MCP_OAUTH_MESSAGE, serverId: 'r1' },
      window.location.origin,
    );
  });

  it('without an opener (the redirect), returns to the app with the refusal said', async () => {
    http.answer('POST', /^\/mcp-servers\/oauth\/callback$/, () =>
      json({ message: 'This authorization is unknown, already used or expired.' }, 400),
    );
    visit('code=c0de&state=old');
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(await screen.findByText('at /home')).toBeTruthy();
  });

  it('says a denied authorization without asking the API', async () => {
    visit('error=access_denied&state=st4te');
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(http.seen('POST', /^\/mcp-servers\/oauth\/callback$/)).toHaveLength(0);
  });
});
