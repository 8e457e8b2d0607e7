import { GITHUB_MESSAGES } from '@agentforge/shared';
import { act, screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toast/toaster';
import { resetToaster } from '../../components/toast/toaster-store';
import { GITHUB_STATE_KEY, GITHUB_TARGET_APP_KEY } from '../../features/github/utils/oauth-state';
import { type FakeHttp, fakeHttp, json } from '../../testing/fake-http';
import { renderRoutes, SIGNED_IN } from '../../testing/render-routes';
import { Component as GithubCallback } from './github-callback';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const STATE = 'abcdefghijklmnopqrstuvwxyz012345';
let http: FakeHttp;

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
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
      { path: 'github/callback', element: <GithubCallback /> },
      { path: 'home', element: <Where /> },
      { path: 'servers/:appId', element: <Where /> },
    ],
  },
];

function visit(query: string) {
  return renderRoutes(`/github/callback?${query}`, { auth: SIGNED_IN, routes: ROUTES });
}

/** Lets `ms` pass (fake timers), flushing React's updates. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('POST', /^\/github\/exchange-code$/, { username: 'octocat' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetToaster();
});

/** Expects the error toast with `message`, no exchange, and the redirect to `target` after 4 s. */
async function expectFailure(message: string, target = '/home') {
  expect(await screen.findByText(GITHUB_MESSAGES.connectionFailedTitle)).toBeTruthy();
  expect(screen.getAllByText(new RegExp(escapeRegExp(message))).length).toBeGreaterThan(0);
  expect(http.seen('POST', /^\/github\/exchange-code$/)).toHaveLength(0);
  await wait(3_900);
  expect(screen.queryByText(/^at /)).toBeNull();
  await wait(200);
  expect(await screen.findByText(`at ${target}`)).toBeTruthy();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('/github/callback', () => {
  it('exchanges the code, toasts success and opens the settings after 1.5 s; the stored state is removed', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    visit(`code=c0de&state=${STATE}`);
    expect(screen.getByText(GITHUB_MESSAGES.connecting)).toBeTruthy();
    expect(await screen.findByText(GITHUB_MESSAGES.connectedTitle)).toBeTruthy();
    expect(http.seen('POST', /^\/github\/exchange-code$/).map((request) => request.body)).toEqual([
      { code: 'c0de', state: STATE, targetAppId: null },
    ]);
    expect(sessionStorage.getItem(GITHUB_STATE_KEY)).toBeNull();
    await wait(1_400);
    expect(screen.queryByText(/^at /)).toBeNull();
    await wait(200);
    expect(await screen.findByText('at /home?feature=settings')).toBeTruthy();
  });

  it('returns to the server page the link started from, with its settings open', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    sessionStorage.setItem(GITHUB_TARGET_APP_KEY, 'srv-1');
    visit(`code=c0de&state=${STATE}`);
    expect(await screen.findByText(GITHUB_MESSAGES.connectedTitle)).toBeTruthy();
    expect(http.seen('POST', /^\/github\/exchange-code$/)[0]?.body).toMatchObject({ targetAppId: 'srv-1' });
    expect(sessionStorage.getItem(GITHUB_TARGET_APP_KEY)).toBeNull();
    await wait(1_600);
    expect(await screen.findByText('at /servers/srv-1?feature=settings')).toBeTruthy();
  });

  it('fails on an error parameter, with its description', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    visit(
      `error=access_denied&error_description=The+user+has+denied+your+application+access.&state=${STATE}`,
    );
    await expectFailure(
      'GitHub authorization failed: access_denied - The user has denied your application access.',
    );
    expect(sessionStorage.getItem(GITHUB_STATE_KEY)).toBeNull();
  });

  it("fails on an error parameter without a description: 'No description'", async () => {
    visit('error=server_error');
    await expectFailure('GitHub authorization failed: server_error - No description');
  });

  it('fails without a code', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    visit(`state=${STATE}`);
    await expectFailure(GITHUB_MESSAGES.noCode);
  });

  it('fails without a state', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    visit('code=c0de');
    await expectFailure(GITHUB_MESSAGES.noState);
  });

  it('fails when no state was stored', async () => {
    visit(`code=c0de&state=${STATE}`);
    await expectFailure(GITHUB_MESSAGES.noStoredState);
  });

  it('fails when the returned state differs from the stored one, and returns to the server page', async () => {
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    sessionStorage.setItem(GITHUB_TARGET_APP_KEY, 'srv-9');
    visit('code=c0de&state=somebody-elses-state');
    await expectFailure(GITHUB_MESSAGES.stateMismatch, '/servers/srv-9');
    expect(sessionStorage.getItem(GITHUB_STATE_KEY)).toBeNull();
  });

  it("fails with the server's message when the exchange is refused", async () => {
    http.answer(
      'POST',
      /^\/github\/exchange-code$/,
      json({ code: 'VALIDATION_ERROR', message: 'State refused.' }, 400),
    );
    sessionStorage.setItem(GITHUB_STATE_KEY, STATE);
    visit(`code=c0de&state=${STATE}`);
    expect(await screen.findByText(GITHUB_MESSAGES.connectionFailedTitle)).toBeTruthy();
    expect(screen.getAllByText(/State refused\./).length).toBeGreaterThan(0);
    await wait(4_100);
    expect(await screen.findByText('at /home')).toBeTruthy();
  });
});
