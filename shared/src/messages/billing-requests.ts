/**
 * Why the billing data could not be read or changed: the chat's first load reads the plan and the
 * usage, so these stay apart from the subscription screens' texts (SUBSCRIPTION_MESSAGES).
 */
export const BILLING_REQUEST_MESSAGES = {
  loadUsageFailed: 'Failed to load usage data',
  fetchSubscriptionError: (statusText: string) => `Error fetching subscription: ${statusText}`,
  fetchPlansError: (statusText: string) => `Error fetching plans: ${statusText}`,
  createCheckoutError: (statusText: string) => `Error creating checkout session: ${statusText}`,
  cancelSubscriptionError: (statusText: string) => `Error cancelling subscription: ${statusText}`,
} as const;
