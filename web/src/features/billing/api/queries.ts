import type { CheckoutTier, SubscriptionResponse } from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { leavePageFor } from '../utils/leave-page';
import {
  cancelSubscription,
  createCheckout,
  getSubscription,
  getUsageHistory,
  listPlans,
  openPortal,
  resumeSubscription,
  setOverageCap,
  syncSubscription,
} from './billing';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  usage: () => [...billingKeys.all, 'usage'] as const,
  sync: (sessionId: string | null) => [...billingKeys.all, 'sync', sessionId] as const,
};

/** GET /subscriptions */
export const subscriptionQuery = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

/** GET /subscriptions/plans: they change only with a deploy. */
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => listPlans(signal),
    staleTime: Infinity,
  });

/** GET /subscriptions/usage */
export const usageHistoryQuery = () =>
  queryOptions({ queryKey: billingKeys.usage(), queryFn: ({ signal }) => getUsageHistory(signal) });

/** How often, and how many times, the success page syncs again while the payment is still being confirmed. */
const SYNC_RETRY_INTERVAL_MS = 2_000;
const SYNC_ATTEMPTS = 10;

/**
 * POST /subscriptions/sync for a checkout session (the success page): a query, so a remount or a
 * second render does not sync twice; its answer is the subscription. While it still says Free
 * (the payment not confirmed yet) it syncs again every 2 s, 10 times at most.
 */
export const syncQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: billingKeys.sync(sessionId),
    queryFn: () => syncSubscription(sessionId ? { sessionId } : {}),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: ({ state }) =>
      state.data && !state.data.subscription.isPaid && state.dataUpdateCount < SYNC_ATTEMPTS
        ? SYNC_RETRY_INTERVAL_MS
        : false,
  });

/** The URLs checkout returns to (spec 7): on the app's origin; Stripe fills in the session id. */
export function checkoutReturnUrls(origin = window.location.origin) {
  return {
    successUrl: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription/cancel`,
  };
}

/** POST /subscriptions/checkout, then the browser goes to the checkout page. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (tier: CheckoutTier) => createCheckout({ tier, ...checkoutReturnUrls() }),
    onSuccess: ({ url }) => leavePageFor(url),
  });

/** POST /subscriptions/portal, then the browser goes to the billing portal (and back here). */
export const usePortal = () =>
  useMutation({
    mutationFn: () => openPortal({ returnUrl: window.location.href }),
    onSuccess: ({ url }) => leavePageFor(url),
  });

/** The subscription mutations of the modal; each leaves the cached subscription as the server has it. */
export function useSubscriptionMutations() {
  const queryClient = useQueryClient();
  const store = (subscription: SubscriptionResponse) =>
    queryClient.setQueryData(billingKeys.subscription(), subscription);
  return {
    cancel: useMutation({
      mutationFn: cancelSubscription,
      onSuccess: ({ currentPeriodEnd }) => {
        queryClient.setQueryData(billingKeys.subscription(), (current: SubscriptionResponse | undefined) =>
          current
            ? {
                ...current,
                subscription: { ...current.subscription, cancelAtPeriodEnd: true, currentPeriodEnd },
              }
            : current,
        );
      },
    }),
    resume: useMutation({ mutationFn: resumeSubscription, onSuccess: store }),
    overageCap: useMutation({
      mutationFn: (capUsd: number) => setOverageCap({ capUsd }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: billingKeys.usage() }),
    }),
  };
}
