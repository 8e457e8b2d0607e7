import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { renderAsMember, teamDetail } from '../../../testing/teams-fixture';
import { TeamPlan } from './team-plan';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

describe('TeamPlan', () => {
  it('sends an Admin of a free team to Checkout, coming back to /teams', async () => {
    http.answer('POST', /^\/teams\/t1\/subscription\/checkout$/, { url: 'https://checkout.test/s/1' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://app.test', assign });
    renderAsMember(<TeamPlan detail={teamDetail('admin')} admin />);
    expect(screen.getByText('Plan: Free')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Teams' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/s/1'));
    expect(http.seen('POST', /checkout$/)[0]?.body).toEqual({
      successUrl: 'http://app.test/teams',
      cancelUrl: 'http://app.test/teams',
    });
  });

  it('shows a paid plan’s seats and state, the portal for Admins, and nothing to click for Users', () => {
    const paid = teamDetail('admin', {
      tier: 'teams',
      seats: 3,
      status: 'past_due',
      cancelAtPeriodEnd: true,
    });
    const { unmount } = renderAsMember(<TeamPlan detail={paid} admin />);
    expect(screen.getByText('Plan: Teams, 3 seats (past_due), ends at the period end')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
    unmount();
    renderAsMember(<TeamPlan detail={paid} admin={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why Checkout could not open', async () => {
    http.answer('POST', /checkout$/, json({ message: 'The team has no members to bill' }, 400));
    renderAsMember(<TeamPlan detail={teamDetail('admin')} admin />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Teams' }));
    expect(await screen.findByText('The team has no members to bill')).toBeTruthy();
  });
});
