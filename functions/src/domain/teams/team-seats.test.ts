import { describe, expect, it } from 'vitest';
import type { BillingProvider, BillingStore, ProviderSubscription } from '../billing/ports.js';
import { createTeamSeats } from './team-seats.js';

const sub = (id: string, status: ProviderSubscription['status']): ProviderSubscription => ({
  id,
  status,
  tier: 'teams',
  currentPeriodEnd: 0,
  cancelAtPeriodEnd: false,
  seats: 2,
  created: 1,
});

function seats(customerId: string | undefined, subscriptions: ProviderSubscription[]) {
  const calls: string[] = [];
  const team = createTeamSeats({
    provider: {
      listSubscriptions: async () => subscriptions,
      cancelSubscription: async (id: string) => void calls.push(`cancel ${id}`),
    } as unknown as BillingProvider,
    store: {
      get: async (userId: string) =>
        customerId ? { userId, stripeCustomerId: customerId, tier: 'teams', status: 'active' } : undefined,
    } as unknown as BillingStore,
    sync: async (id) => {
      calls.push(`sync ${id}`);
      return undefined;
    },
    subscriptions: { checkout: async () => ({ url: '' }), portal: async () => ({ url: '' }) },
  });
  return { team, calls };
}

describe('a team subscription cancelled with the team', () => {
  it("cancels every live subscription Stripe lists for the team's customer, then syncs", async () => {
    const { team, calls } = seats('cus_1', [
      sub('s1', 'active'),
      sub('s0', 'canceled'),
      sub('s2', 'past_due'),
    ]);
    await team.cancel('t1');
    expect(calls).toEqual(['cancel s1', 'cancel s2', 'sync cus_1']);
  });

  it('does nothing for a team that never subscribed, or whose subscriptions ended', async () => {
    const never = seats(undefined, [sub('s1', 'active')]);
    await never.team.cancel('t1');
    expect(never.calls).toEqual([]);
    const ended = seats('cus_1', [sub('s0', 'canceled')]);
    await ended.team.cancel('t1');
    expect(ended.calls).toEqual([]);
  });
});
