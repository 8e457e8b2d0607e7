import { BILLING_REQUEST_MESSAGES, SUBSCRIPTION_MESSAGES } from '@agentforge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionOf } from '../../../testing/billing-fixture';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

let http: FakeHttp;

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/subscription/success', () => {
  it("syncs the checkout's subscription, then shows the new plan", async () => {
    let answer!: (response: Response) => void;
    http.answer(
      'POST',
      /^\/subscriptions\/sync$/,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderRoutes('/subscription/success?session_id=cs_test_1', { auth: SIGNED_IN });
    expect(await screen.findByText('Confirming your subscription...')).toBeTruthy();
    await waitFor(() => expect(http.seen('POST', /^\/subscriptions\/sync$/)).toHaveLength(1));
    expect(http.seen('POST', /^\/subscriptions\/sync$/).map((request) => request.body)).toEqual([
      { sessionId: 'cs_test_1' },
    ]);

    answer(new Response(JSON.stringify(subscriptionOf('pro')), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'You are on the Pro plan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/next billing date is December 23, 2026/);
    expect(screen.getByRole('link', { name: 'Go to chat' }).getAttribute('href')).toBe('/home');
    expect(http.seen('POST', /^\/subscriptions\/sync$/)).toHaveLength(1);
  });

  it('syncs again while the payment is still being confirmed', async () => {
    const answers = [subscriptionOf('free'), subscriptionOf('teams')];
    http.answer('POST', /^\/subscriptions\/sync$/, () => json(answers.shift() ?? subscriptionOf('teams')));
    renderRoutes('/subscription/success?session_id=cs_test_2', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'You are on the Teams plan' })).toBeTruthy();
    expect(http.seen('POST', /^\/subscriptions\/sync$/)).toHaveLength(2);
  });

  it("says 'Failed to load subscription data' when the sync fails", async () => {
    http.answer(
      'POST',
      /^\/subscriptions\/sync$/,
      new Response('{}', { status: 502, statusText: 'Bad Gateway' }),
    );
    renderRoutes('/subscription/success?session_id=cs_test_1', { auth: SIGNED_IN });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SUBSCRIPTION_MESSAGES.loadFailed)).toBeTruthy();
    expect(
      within(alert).getByText(BILLING_REQUEST_MESSAGES.fetchSubscriptionError('Bad Gateway')),
    ).toBeTruthy();
  });

  it('sends a guest to sign in first, remembering the checkout session', async () => {
    const { router } = renderRoutes('/subscription/success?session_id=cs_test_1');
    await screen.findByRole('heading', { name: /welcome back/i });
    expect(router.state.location.state).toEqual({
      from: { pathname: '/subscription/success', search: '?session_id=cs_test_1', hash: '' },
    });
    expect(http.seen('POST', /^\/subscriptions\/sync$/)).toHaveLength(0);
  });
});

describe('/subscription/cancel', () => {
  it('says checkout was cancelled and nothing was charged, with a way back to the plans', async () => {
    renderRoutes('/subscription/cancel', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Checkout cancelled' })).toBeTruthy();
    expect(screen.getByText('Nothing was charged and your plan has not changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
