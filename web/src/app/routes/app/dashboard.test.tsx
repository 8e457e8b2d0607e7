import { screen } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPlans as listAgentPlans } from '../../../features/agent/api/plans';
import { getSubscription } from '../../../features/billing/api/billing';
import { listConversations } from '../../../features/chat/api/conversations';
import { fetchUserCheck } from '../../../features/chat/api/current-user';
import { listServers } from '../../../features/servers/api/servers';
import { agentPlan } from '../../../testing/agent-fixture';
import { subscriptionOf } from '../../../testing/billing-fixture';
import { conversation } from '../../../testing/chat-fixture';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
vi.mock('../../../features/agent/api/plans');
vi.mock('../../../features/billing/api/billing');
vi.mock('../../../features/chat/api/conversations');
vi.mock('../../../features/chat/api/current-user');
vi.mock('../../../features/servers/api/servers');

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(fetchUserCheck).mockResolvedValue({
    isWhitelisted: false,
    hasCompletedOnboarding: true,
    email: 'ada@example.com',
  });
});
afterEach(() => {
  vi.resetAllMocks();
});

describe('/dashboard', () => {
  it('shows the plan and usage, servers with their status, recent conversations and plans, each linked', async () => {
    vi.mocked(getSubscription).mockResolvedValue(subscriptionOf('pro'));
    vi.mocked(listServers).mockResolvedValue([
      { id: 's1', name: 'Everything', packageName: 'pkg', status: 'disabled', environmentVariables: {} },
      {
        id: 's2',
        name: 'Files',
        packageName: 'pkg',
        status: 'disabled',
        stoppedBy: 'idle',
        environmentVariables: {},
      },
    ] as never);
    vi.mocked(listConversations).mockResolvedValue([
      conversation('c1', { title: 'Invoices', name: 'Invoices' }),
    ]);
    vi.mocked(listAgentPlans).mockResolvedValue([
      agentPlan({ goal: 'File the invoices', status: 'in_progress' }),
    ]);

    renderRoutes('/dashboard', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'DD' && element.textContent === 'Pro (Active)',
      ),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Everything' })).getAttribute('href')).toBe(
      '/servers/s1',
    );
    expect((await screen.findByRole('link', { name: 'Invoices' })).getAttribute('href')).toBe('/home/c/c1');
    expect((await screen.findByRole('link', { name: 'File the invoices' })).getAttribute('href')).toBe(
      '/home/c/c1',
    );
    // Statuses as people read them: no identifiers, and an idle-stopped server is not 'Disabled'.
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.queryByText('in_progress')).toBeNull();
    expect(screen.getByText('Stopped (idle), starts when used')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe(
      '/home?feature=subscription',
    );
  }, 20_000);
});
