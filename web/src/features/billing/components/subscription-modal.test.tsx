import {
  BILLING_REQUEST_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionResponse,
} from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS, subscriptionOf, usageHistory } from '../../../testing/billing-fixture';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { leavePageFor } from '../utils/leave-page';
import { SubscriptionModal } from './subscription-modal';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});
vi.mock('../utils/leave-page');
// The chart itself is recharts, loaded lazily; here it is a list of its data.
vi.mock('./usage-chart', () => ({
  default: ({ days }: { days: { date: string; tokens: number }[] }) => (
    <p>
      chart of {days.length} days, {days[0]?.tokens} tokens on {days[0]?.date}
    </p>
  ),
}));

let http: FakeHttp;
let subscription: SubscriptionResponse;

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  subscription = subscriptionOf('pro');
  http.answer('GET', /^\/subscriptions$/, () => json(subscription));
  http.answer('GET', /^\/subscriptions\/plans$/, PLANS);
  http.answer('GET', /^\/subscriptions\/usage$/, usageHistory());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

async function renderModal() {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <SubscriptionModal onClose={onClose} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
  return { onClose, dialog: await screen.findByRole('dialog', { name: 'Subscription & Usage' }) };
}

const bar = (name: string) => screen.getByRole('progressbar', { name });

describe("'Subscription & Usage'", () => {
  it('shows the plan, its status and next billing date, its features in K and usage as bars', async () => {
    const { dialog } = await renderModal();
    expect(await within(dialog).findByText('Pro plan')).toBeTruthy();
    expect(within(dialog).getByText('Active')).toBeTruthy();
    expect(within(dialog).getByText('December 23, 2026')).toBeTruthy();
    const features = within(dialog).getByRole('heading', { name: 'Plan features' })
      .parentElement as HTMLElement;
    const pairs = within(features)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      'Concurrent servers: 3',
      'Server timeout: 60 minutes',
      'Monthly compute hours: 100',
      'Monthly token limit: 300K',
      'Max tokens per request: 4,096',
    ]);
    expect(bar('Tokens today').getAttribute('aria-valuenow')).toBe('2500');
    expect(bar('Tokens today').getAttribute('aria-valuemax')).toBe('10000');
    expect(bar('Tokens today').getAttribute('aria-valuetext')).toBe('2,500 / 10,000 tokens');
    // 75 minutes: 1.25 hours, shown rounded to 1 decimal.
    expect(bar('Compute hours').getAttribute('aria-valuetext')).toBe('1.3 / 100 hours');
    expect(bar('Servers').getAttribute('aria-valuetext')).toBe('1 / 3 active');
    expect(within(dialog).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
    // The usage history: the chart (lazy) and this month's compute.
    expect(await within(dialog).findByText('chart of 30 days, 100 tokens on 2026-11-01')).toBeTruthy();
    expect(within(dialog).getByText(/over the last 30 days: 3,300 in all/)).toBeTruthy();
    expect(bar('Compute hours this month').getAttribute('aria-valuetext')).toBe('1.3 / 100 hours');
  });

  it("cancels after the spec's confirmation: 'Cancellation Pending' (disabled) until resumed", async () => {
    http.answer('POST', /^\/subscriptions\/cancel$/, () => {
      subscription = subscriptionOf('pro', { cancelAtPeriodEnd: true });
      return json({ currentPeriodEnd: '2026-12-23T12:00:00.000Z' });
    });
    http.answer('POST', /^\/subscriptions\/resume$/, () => {
      subscription = subscriptionOf('pro');
      return json(subscription);
    });
    const { dialog } = await renderModal();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel subscription?' });
    expect(within(confirm).getByText(SUBSCRIPTION_MESSAGES.cancelConfirmation)).toBeTruthy();
    // Focus starts on the safe choice; keeping it changes nothing.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep subscription' }));
    await userEvent.keyboard('{Enter}');
    expect(http.seen('POST', /^\/subscriptions\/cancel$/)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const pending = await within(dialog).findByRole('button', { name: 'Cancellation Pending' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog).getByText(
        /Your subscription has been cancelled and ends on the next billing date, December 23, 2026/,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume subscription' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancellation Pending' })).toBeNull();
    expect(http.seen('POST', /^\/subscriptions\/resume$/)).toHaveLength(1);
  });

  it("says 'Failed to cancel subscription' with the client's error when cancelling fails", async () => {
    http.answer(
      'POST',
      /^\/subscriptions\/cancel$/,
      new Response('{}', { status: 503, statusText: 'Service Unavailable' }),
    );
    const { dialog } = await renderModal();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(SUBSCRIPTION_MESSAGES.cancelFailed)).toBeTruthy();
    expect(
      within(alert).getByText(BILLING_REQUEST_MESSAGES.cancelSubscriptionError('Service Unavailable')),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('shows a failed payment clearly, and opens the billing portal', async () => {
    subscription = subscriptionOf('pro', { status: 'past_due' });
    http.answer('POST', /^\/subscriptions\/portal$/, { url: 'https://billing.test/p/1' });
    const { dialog } = await renderModal();
    expect(await within(dialog).findByText('Payment past due')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Your last payment failed/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('https://billing.test/p/1'));
    expect(http.seen('POST', /^\/subscriptions\/portal$/)[0]?.body).toEqual({
      returnUrl: window.location.href,
    });
  });

  it('on Free: the trial offer and Upgrade Plan, no cancel, no overage cap', async () => {
    subscription = subscriptionOf('free', {
      trialInfo: { isApplicable: true, message: 'Try Pro free for 14 days.' },
    });
    const { dialog } = await renderModal();
    expect(await within(dialog).findByText('Free plan')).toBeTruthy();
    expect(within(dialog).getByText('Try Pro free for 14 days.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(within(dialog).queryByLabelText('Monthly overage cap (USD)')).toBeNull();
    expect(within(dialog).queryByText(/Next billing date/)).toBeNull();
  });

  it('sets the overage cap of a paid plan', async () => {
    http.answer('PUT', /^\/subscriptions\/overage-cap$/, json({}, 200));
    const { dialog } = await renderModal();
    const input = await within(dialog).findByLabelText('Monthly overage cap (USD)');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('10'));
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save cap' }));
    expect(await within(dialog).findByText('Overage cap saved.')).toBeTruthy();
    expect(http.seen('PUT', /^\/subscriptions\/overage-cap$/)[0]?.body).toEqual({ capUsd: 25 });
  });

  it("says 'Failed to load subscription data' with the client's error, and tries again", async () => {
    http.answer(
      'GET',
      /^\/subscriptions$/,
      new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    const { dialog } = await renderModal();
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(SUBSCRIPTION_MESSAGES.loadFailed)).toBeTruthy();
    expect(
      within(alert).getByText(BILLING_REQUEST_MESSAGES.fetchSubscriptionError('Service Unavailable')),
    ).toBeTruthy();
    http.answer('GET', /^\/subscriptions$/, () => json(subscription));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Pro plan')).toBeTruthy();
  });

  it("says 'Failed to load usage data' when the usage history cannot be read", async () => {
    http.answer('GET', /^\/subscriptions\/usage$/, json({ message: 'down' }, 500));
    const { dialog } = await renderModal();
    expect(await within(dialog).findByText(BILLING_REQUEST_MESSAGES.loadUsageFailed)).toBeTruthy();
    expect(within(dialog).getByText('Pro plan')).toBeTruthy();
  });
});
