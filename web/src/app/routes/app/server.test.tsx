import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GITHUB_STATE_KEY, GITHUB_TARGET_APP_KEY } from '../../../features/github/utils/oauth-state';
import { type FakeHttp, fakeHttp } from '../../../testing/fake-http';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

let http: FakeHttp;
const assign = vi.fn();
const STATE = 'Q'.repeat(32);

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  vi.stubGlobal('location', { ...window.location, assign });
  http.answer('GET', /^\/mcp-servers$/, [
    {
      id: 'srv-1',
      name: 'GitHub tools',
      packageName: '@modelcontextprotocol/server-github',
      idleTimeoutMinutes: 30,
      environmentVariables: {},
      status: 'error',
      lastError: 'The package exited',
      endpoint: '/mcp-external/srv-1',
    },
    {
      id: 'srv-3',
      name: 'Remote tools',
      kind: 'remote',
      packageName: '',
      url: 'https://mcp.example.com/mcp',
      headers: {},
      idleTimeoutMinutes: 30,
      environmentVariables: {},
      status: 'defined',
    },
  ]);
  http.answer('GET', /^\/github\/link$/, { linked: false });
  http.answer('POST', /^\/github\/authorize-url$/, {
    url: 'http://github.test/login/oauth/authorize?state=x',
    state: STATE,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
  sessionStorage.clear();
});

describe('/servers/:appId', () => {
  it('shows the server, and ?feature=settings opens its settings, whose Connect GitHub returns here', async () => {
    renderRoutes('/servers/srv-1?feature=settings', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'GitHub tools' })).toBeTruthy();
    expect(screen.getByText('Last error: The package exited')).toBeTruthy();
    const settings = screen.getByRole('region', { name: 'Server settings' });
    await userEvent.click(await within(settings).findByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://github.test/login/oauth/authorize?state=x'),
    );
    expect(http.seen('POST', /^\/github\/authorize-url$/)[0]?.body).toEqual({ targetAppId: 'srv-1' });
    expect(sessionStorage.getItem(GITHUB_STATE_KEY)).toBe(STATE);
    expect(sessionStorage.getItem(GITHUB_TARGET_APP_KEY)).toBe('srv-1');
  });

  it("shows a remote server's URL where a hosted one shows its package", async () => {
    renderRoutes('/servers/srv-3', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Remote tools' })).toBeTruthy();
    expect(screen.getByText('https://mcp.example.com/mcp')).toBeTruthy();
  });

  it('keeps the settings closed without ?feature=settings, and says when the server is not the user’s', async () => {
    const { unmount } = renderRoutes('/servers/srv-1', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'GitHub tools' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Server settings' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('region', { name: 'Server settings' })).toBeTruthy();
    unmount();
    renderRoutes('/servers/srv-2', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Server not found' })).toBeTruthy();
  });
});
