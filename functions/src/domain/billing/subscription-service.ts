import {
  type CancelSubscriptionResponse,
  type CheckoutResponse,
  DEFAULT_OVERAGE_CAP_USD,
  EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS,
  isPaidTier,
  PLAN_LIMITS,
  type Plan,
  PRO_TRIAL_DAYS,
  planOf,
  SELECTABLE_PLANS,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionResponse,
  type SubscriptionTier,
  USAGE_HISTORY_DAYS,
  type UsageHistory,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { personalAccount } from '../limits/usage-account.js';
import type { BillingProvider, BillingRecord, BillingStore, UsageReader } from './ports.js';
import { LIVE_STATUSES, type SyncSubscription } from './subscription-sync.js';

export interface SubscriptionService {
  get(caller: Caller): Promise<SubscriptionResponse>;
  plans(): Plan[];
  checkout(
    caller: Caller,
    body: { tier: SubscriptionTier; successUrl: string; cancelUrl: string; seats?: number },
  ): Promise<CheckoutResponse>;
  cancel(caller: Caller): Promise<CancelSubscriptionResponse>;
  resume(caller: Caller): Promise<SubscriptionResponse>;
  portal(caller: Caller, returnUrl: string): Promise<{ url: string }>;
  sync(caller: Caller, sessionId?: string): Promise<SubscriptionResponse>;
  setOverageCap(caller: Caller, capUsd: number): Promise<{ capUsd: number }>;
  usageHistory(caller: Caller): Promise<UsageHistory>;
}

export interface SubscriptionServiceDeps {
  provider: BillingProvider;
  store: BillingStore;
  usage: UsageReader;
  sync: SyncSubscription;
  /** The app's origins: checkout and portal return URLs must be on one of them. */
  appOrigins: () => Promise<readonly string[]>;
  now: () => number;
  /**
   * The tier whose server limits apply to the user, when it is not just their own (a member of a
   * subscribed team is on Teams): the usage shown against the limits the platform enforces.
   */
  limitsTierOf?: (userId: string) => Promise<SubscriptionTier>;
}

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const isoMonth = (at: number) => new Date(at).toISOString().slice(0, 7);
const percent = (used: number, limit: number) =>
  limit > 0 ? Math.min(100, Math.round((used / limit) * 1000) / 10) : used > 0 ? 100 : 0;

/** A month's overage tokens as the views show them: the tokens, their price and the cap. */
export const overageView = (tokens: number, capUsd: number) => ({
  tokens,
  usd: Math.round((tokens / 1000) * EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS * 100) / 100,
  capUsd,
});

export function createSubscriptionService(deps: SubscriptionServiceDeps): SubscriptionService {
  const { provider, store, usage, sync } = deps;

  const requireAppOrigin = async (...urls: string[]) => {
    const appOrigins = await deps.appOrigins();
    for (const url of urls) {
      if (!appOrigins.includes(new URL(url).origin))
        throw new ValidationError(SUBSCRIPTION_MESSAGES.urlNotOnAppOrigin);
    }
  };

  async function ensureCustomer(caller: Caller, record: BillingRecord | undefined): Promise<string> {
    if (record?.stripeCustomerId) return record.stripeCustomerId;
    // Idempotent on Stripe's side (keyed by the user), claimed conditionally on ours: one customer per user.
    const created = await provider.createCustomer({ userId: caller.userId, email: caller.email });
    return store.claimCustomer(caller.userId, created);
  }

  async function liveRecord(caller: Caller): Promise<BillingRecord & { stripeSubscriptionId: string }> {
    const record = await store.get(caller.userId);
    if (!record?.stripeSubscriptionId || !record.stripeCustomerId || !LIVE_STATUSES.has(record.status))
      throw new NotFoundError(SUBSCRIPTION_MESSAGES.noSubscription);
    return record as BillingRecord & { stripeSubscriptionId: string };
  }

  function trialInfo(record: BillingRecord | undefined): SubscriptionResponse['subscription']['trialInfo'] {
    if (record?.status === 'trialing' && record.trialEnd)
      return { isApplicable: false, message: SUBSCRIPTION_MESSAGES.trialEnds(isoDay(record.trialEnd)) };
    // First-time Pro subscribers only: someone who ever had a subscription has a subscription id.
    if (!record?.stripeSubscriptionId)
      return { isApplicable: true, message: SUBSCRIPTION_MESSAGES.trialOffer(PRO_TRIAL_DAYS) };
    return { isApplicable: false, message: '' };
  }

  async function get(caller: Caller): Promise<SubscriptionResponse> {
    const now = deps.now();
    const record = await store.get(caller.userId);
    const tier = record?.tier ?? 'free';
    const limits = PLAN_LIMITS[deps.limitsTierOf ? await deps.limitsTierOf(caller.userId) : tier];
    // The personal space's tokens follow the user's own plan (a team space's are the team's).
    const tokensPerDay = PLAN_LIMITS[tier].tokensPerDay;
    const [today, computeMinutes, activeServers] = await Promise.all([
      usage.dailyTokens(personalAccount(caller.userId), [isoDay(now)]),
      usage.computeMinutes(caller.userId, isoMonth(now)),
      usage.activeServers(caller.userId),
    ]);
    const used = today[0]?.tokens ?? 0;
    const limitMinutes = limits.monthlyComputeHours * 60;
    return {
      subscription: {
        tier,
        isPaid: isPaidTier(tier),
        status: record?.status ?? 'active',
        currentPeriodEnd:
          isPaidTier(tier) && record?.currentPeriodEnd
            ? new Date(record.currentPeriodEnd).toISOString()
            : null,
        cancelAtPeriodEnd: record?.cancelAtPeriodEnd ?? false,
        trialInfo: trialInfo(record),
      },
      usage: {
        tokens: {
          used,
          limit: tokensPerDay,
          remaining: Math.max(0, tokensPerDay - used),
          percentage: percent(used, tokensPerDay),
        },
        compute: {
          usedMinutes: computeMinutes,
          limitHours: limits.monthlyComputeHours,
          remainingMinutes: Math.max(0, limitMinutes - computeMinutes),
          percentage: percent(computeMinutes, limitMinutes),
        },
        servers: { active: activeServers, limit: limits.maxConcurrentServers },
      },
    };
  }

  return {
    get,
    plans: () => SELECTABLE_PLANS.map((plan) => planOf(plan.id)),

    async checkout(caller, { tier, successUrl, cancelUrl, seats }) {
      if (tier === 'free') throw new ValidationError(SUBSCRIPTION_MESSAGES.checkoutFreeRefused);
      if (tier === 'enterprise') throw new ValidationError(SUBSCRIPTION_MESSAGES.checkoutEnterpriseRefused);
      await requireAppOrigin(successUrl, cancelUrl);
      const record = await store.get(caller.userId);
      if (record && isPaidTier(record.tier) && LIVE_STATUSES.has(record.status))
        throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadySubscribed);
      const customerId = await ensureCustomer(caller, record);
      // Stripe is the truth: a subscription our record has not seen yet also blocks a second one.
      const subscriptions = await provider.listSubscriptions(customerId);
      if (subscriptions.some((sub) => LIVE_STATUSES.has(sub.status))) {
        await sync(customerId);
        throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadySubscribed);
      }
      const firstTime = subscriptions.length === 0 && !record?.stripeSubscriptionId;
      const url = await provider.createCheckoutSession({
        customerId,
        userId: caller.userId,
        tier,
        successUrl,
        cancelUrl,
        ...(tier === 'pro' && firstTime ? { trialDays: PRO_TRIAL_DAYS } : {}),
        ...(tier === 'teams' && seats ? { seats } : {}),
      });
      return { url };
    },

    async cancel(caller) {
      const record = await liveRecord(caller);
      await provider.setCancelAtPeriodEnd(record.stripeSubscriptionId, true);
      const state = await sync(record.stripeCustomerId as string);
      const end = state?.currentPeriodEnd ?? record.currentPeriodEnd ?? deps.now();
      return { currentPeriodEnd: new Date(end).toISOString() };
    },

    async resume(caller) {
      const record = await liveRecord(caller);
      await provider.setCancelAtPeriodEnd(record.stripeSubscriptionId, false);
      await sync(record.stripeCustomerId as string);
      return get(caller);
    },

    async portal(caller, returnUrl) {
      await requireAppOrigin(returnUrl);
      const record = await store.get(caller.userId);
      if (!record?.stripeCustomerId) throw new NotFoundError(SUBSCRIPTION_MESSAGES.noBillingAccount);
      return { url: await provider.createPortalSession(record.stripeCustomerId, returnUrl) };
    },

    async sync(caller, sessionId) {
      const record = await store.get(caller.userId);
      const customerId = record?.stripeCustomerId;
      if (sessionId) {
        // Someone else's session is not found, never synced into this caller's record.
        const sessionCustomer = await provider.checkoutSessionCustomer(sessionId);
        if (!customerId || sessionCustomer !== customerId)
          throw new NotFoundError('Checkout session not found');
      }
      if (customerId) await sync(customerId);
      return get(caller);
    },

    async setOverageCap(caller, capUsd) {
      await store.setOverageCap(caller.userId, capUsd);
      return { capUsd };
    },

    async usageHistory(caller) {
      const now = deps.now();
      const dates = Array.from({ length: USAGE_HISTORY_DAYS }, (_, index) =>
        isoDay(now - (USAGE_HISTORY_DAYS - 1 - index) * DAY_MS),
      );
      const month = isoMonth(now);
      const [days, usedMinutes, overageTokens, record] = await Promise.all([
        usage.dailyTokens(personalAccount(caller.userId), dates),
        usage.computeMinutes(caller.userId, month),
        usage.overageTokens(caller.userId, month),
        store.get(caller.userId),
      ]);
      const tier = record?.tier ?? 'free';
      return {
        days,
        compute: { usedMinutes, limitHours: PLAN_LIMITS[tier].monthlyComputeHours },
        overage: overageView(overageTokens, record?.overageCapUsd ?? DEFAULT_OVERAGE_CAP_USD),
      };
    },
  };
}
