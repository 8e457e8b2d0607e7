import { DEFAULT_OVERAGE_CAP_USD } from '@agentforge/shared';
import type { BillingProvider, BillingStore } from '../billing/ports.js';
import type { SubscriptionService } from '../billing/subscription-service.js';
import { LIVE_STATUSES, type SyncSubscription } from '../billing/subscription-sync.js';
import type { TeamSeats } from './ports.js';
import { teamOwnerId } from './roles.js';

/**
 * A team's subscription is an ordinary billing record whose owner is the team (`team#<teamId>`,
 * the Stripe customer's metadata userId): checkout, webhook and sync work unchanged. The seats
 * follow the members: each change sets the licensed item's quantity (prorated), then re-syncs.
 */
export function createTeamSeats(deps: {
  provider: BillingProvider;
  store: BillingStore;
  sync: SyncSubscription;
  subscriptions: Pick<SubscriptionService, 'checkout' | 'portal'>;
}): TeamSeats {
  return {
    async plan(teamId) {
      const record = await deps.store.get(teamOwnerId(teamId));
      return {
        tier: record?.tier ?? 'free',
        status: record?.status ?? 'active',
        seats: record?.stripeSubscriptionId ? record.seats : 0,
        cancelAtPeriodEnd: record?.cancelAtPeriodEnd ?? false,
      };
    },

    async setSeats(teamId, seats) {
      const record = await deps.store.get(teamOwnerId(teamId));
      if (!record?.stripeSubscriptionId || !record.stripeCustomerId || !LIVE_STATUSES.has(record.status))
        return;
      if (record.seats === seats) return;
      await deps.provider.setSeats(record.stripeSubscriptionId, seats);
      await deps.sync(record.stripeCustomerId);
    },

    async cancel(teamId) {
      const record = await deps.store.get(teamOwnerId(teamId));
      if (!record?.stripeCustomerId) return;
      // Stripe's list, not our record: a subscription whose webhook has not arrived yet goes too.
      const live = (await deps.provider.listSubscriptions(record.stripeCustomerId)).filter((sub) =>
        LIVE_STATUSES.has(sub.status),
      );
      for (const sub of live) await deps.provider.cancelSubscription(sub.id);
      if (live.length > 0) await deps.sync(record.stripeCustomerId);
    },

    async overageCap(teamId) {
      return (await deps.store.get(teamOwnerId(teamId)))?.overageCapUsd ?? DEFAULT_OVERAGE_CAP_USD;
    },

    setOverageCap: (teamId, capUsd) => deps.store.setOverageCap(teamOwnerId(teamId), capUsd),

    async portal(teamId, returnUrl) {
      const { url } = await deps.subscriptions.portal({ userId: teamOwnerId(teamId), email: '' }, returnUrl);
      return url;
    },

    async checkout(teamId, email, { seats, successUrl, cancelUrl }) {
      const { url } = await deps.subscriptions.checkout(
        { userId: teamOwnerId(teamId), email },
        { tier: 'teams', successUrl, cancelUrl, seats },
      );
      return url;
    },
  };
}
