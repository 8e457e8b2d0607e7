import { BILLING_REQUEST_MESSAGES, EXTRA_USAGE_NOTE, SUBSCRIPTION_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionOf } from '../../../testing/billing-fixture';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { leavePageFor } from '../utils/leave-page';
import { PricingPage } from './pricing-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});
vi.mock('../utils/leave-page');

let http: FakeHttp;

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('GET', /^\/subscriptions$/, subscriptionOf('free'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

function renderPricing() {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingPage />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('/pricing', () => {
  it("shows the four plans with the spec's texts and the additional-usage note, the current plan marked", async () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(within(card('Free')).getByText('$0')).toBeTruthy();
    expect(within(card('Free')).getByText('100 tokens per day')).toBeTruthy();
    expect(within(card('Free')).getByText('1 project')).toBeTruthy();
    expect(within(card('Pro')).getByText('$25/month')).toBeTruthy();
    expect(within(card('Pro')).getByText('10,000 tokens per day')).toBeTruthy();
    expect(within(card('Pro')).getByText('10 projects')).toBeTruthy();
    expect(within(card('Teams')).getByText('$40/user/month')).toBeTruthy();
    expect(within(card('Teams')).getByText('50,000 tokens per user per day')).toBeTruthy();
    expect(within(card('Teams')).getByText('unlimited projects')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('custom')).toBeTruthy();
    expect(screen.getByText(EXTRA_USAGE_NOTE)).toBeTruthy();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.onePlanAtATime)).toBeTruthy();

    const current = await within(card('Free')).findByRole('button', { name: 'Current Plan' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Free')).getByText('Your plan')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it('offers Enterprise by contact only, never through checkout', async () => {
    renderPricing();
    const contact = within(card('Enterprise')).getByRole('link', { name: 'Contact Sales' });
    expect(contact.getAttribute('href')).toMatch(/^mailto:/);
    expect(within(card('Enterprise')).queryByRole('button')).toBeNull();
  });

  it("starts checkout for a plan with the app's return URLs and goes to the checkout page", async () => {
    http.answer('GET', /^\/subscriptions$/, subscriptionOf('pro'));
    http.answer('POST', /^\/subscriptions\/checkout$/, { url: 'https://checkout.test/c/cs_1' });
    renderPricing();
    expect(await within(card('Pro')).findByRole('button', { name: 'Current Plan' })).toBeTruthy();
    await userEvent.click(within(card('Teams')).getByRole('button', { name: 'Choose Teams' }));

    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('https://checkout.test/c/cs_1'));
    expect(http.seen('POST', /^\/subscriptions\/checkout$/).map((request) => request.body)).toEqual([
      {
        tier: 'teams',
        successUrl: `${window.location.origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${window.location.origin}/subscription/cancel`,
      },
    ]);
  });

  it("says 'Failed to create checkout session' with the client's error when checkout fails", async () => {
    http.answer(
      'POST',
      /^\/subscriptions\/checkout$/,
      new Response(JSON.stringify({ code: 'INTERNAL', message: 'boom' }), {
        status: 502,
        statusText: 'Bad Gateway',
      }),
    );
    renderPricing();
    const choose = await within(card('Pro')).findByRole('button', { name: 'Choose Pro' });
    await waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(choose);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SUBSCRIPTION_MESSAGES.checkoutFailed)).toBeTruthy();
    expect(within(alert).getByText(BILLING_REQUEST_MESSAGES.createCheckoutError('Bad Gateway'))).toBeTruthy();
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it("says 'Failed to load subscription data' when the plan cannot be read, and still offers the plans", async () => {
    http.answer(
      'GET',
      /^\/subscriptions$/,
      json({ code: 'INTERNAL', message: 'Internal server error' }, 500),
    );
    renderPricing();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SUBSCRIPTION_MESSAGES.loadFailed)).toBeTruthy();
    expect(
      within(alert).getByText(BILLING_REQUEST_MESSAGES.fetchSubscriptionError('Internal server error')),
    ).toBeTruthy();
    expect(within(card('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
  });
});
