import {
  BILLING_REQUEST_MESSAGES,
  type CancelSubscriptionResponse,
  type CheckoutBody,
  type CheckoutResponse,
  cancelSubscriptionResponseSchema,
  checkoutResponseSchema,
  type OverageCapBody,
  type Plan,
  type PortalBody,
  type PortalResponse,
  planSchema,
  portalResponseSchema,
  type SubscriptionResponse,
  type SyncSubscriptionBody,
  subscriptionResponseSchema,
  type UsageHistory,
  usageHistorySchema,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

const planListSchema = z.array(planSchema);

/**
 * The subscription client's HTTP failures (spec 8): 'Error fetching subscription: {status text}'
 * and so on. Without a status text (HTTP/2 has none) the API's own message follows instead. A
 * 401 (session expired), network and parse failures keep their own words; status, data (with the
 * API's `code`) and kind are kept either way.
 */
async function withClientError<T>(call: Promise<T>, wording: (statusText: string) => string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status < 400 || error.status === 401) throw error;
    throw new ApiError(wording(error.statusText || error.message), {
      status: error.status,
      statusText: error.statusText,
      data: error.data,
      kind: error.kind,
      cause: error,
    });
  }
}

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /subscriptions: the plan, its status and this period's usage. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return withClientError(
    apiClient.get('/subscriptions', { schema: subscriptionResponseSchema, ...signalOf(signal) }),
    BILLING_REQUEST_MESSAGES.fetchSubscriptionError,
  );
}

/** GET /subscriptions/plans */
export function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  return withClientError(
    apiClient.get('/subscriptions/plans', { schema: planListSchema, ...signalOf(signal) }),
    BILLING_REQUEST_MESSAGES.fetchPlansError,
  );
}

/** POST /subscriptions/checkout: the checkout page's URL. */
export function createCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return withClientError(
    apiClient.post('/subscriptions/checkout', body, { schema: checkoutResponseSchema }),
    BILLING_REQUEST_MESSAGES.createCheckoutError,
  );
}

/** POST /subscriptions/cancel: cancels at the end of the period, which it answers. */
export function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  return withClientError(
    apiClient.post('/subscriptions/cancel', undefined, { schema: cancelSubscriptionResponseSchema }),
    BILLING_REQUEST_MESSAGES.cancelSubscriptionError,
  );
}

/** POST /subscriptions/resume: undoes a pending cancellation. */
export function resumeSubscription(): Promise<SubscriptionResponse> {
  return apiClient.post('/subscriptions/resume', undefined, { schema: subscriptionResponseSchema });
}

/** POST /subscriptions/sync: reads the subscription from the payment provider (the success page). */
export function syncSubscription(body: SyncSubscriptionBody): Promise<SubscriptionResponse> {
  return withClientError(
    apiClient.post('/subscriptions/sync', body, { schema: subscriptionResponseSchema }),
    BILLING_REQUEST_MESSAGES.fetchSubscriptionError,
  );
}

/** POST /subscriptions/portal: the billing portal's URL (payment methods, invoices). */
export function openPortal(body: PortalBody): Promise<PortalResponse> {
  return apiClient.post('/subscriptions/portal', body, { schema: portalResponseSchema });
}

/** PUT /subscriptions/overage-cap */
export async function setOverageCap(body: OverageCapBody): Promise<void> {
  await apiClient.put('/subscriptions/overage-cap', body);
}

/** GET /subscriptions/usage: tokens per day for the last 30 days, this month's compute and overage. */
export function getUsageHistory(signal?: AbortSignal): Promise<UsageHistory> {
  return apiClient.get('/subscriptions/usage', { schema: usageHistorySchema, ...signalOf(signal) });
}
