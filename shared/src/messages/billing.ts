/** Subscriptions and their limits: the billing texts and the plan limits' refusals. */
export const SUBSCRIPTION_MESSAGES = {
  loadFailed: 'Failed to load subscription data. Please try again.',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  loadUsageFailed: 'Failed to load usage data',
  cancelConfirmation:
    'Are you sure you want to cancel your subscription? You will still have access until the end of your billing period.',
  cancellationPending: 'Cancellation Pending',
  fetchSubscriptionError: (statusText: string) => `Error fetching subscription: ${statusText}`,
  fetchPlansError: (statusText: string) => `Error fetching plans: ${statusText}`,
  createCheckoutError: (statusText: string) => `Error creating checkout session: ${statusText}`,
  cancelSubscriptionError: (statusText: string) => `Error cancelling subscription: ${statusText}`,
  /** Not worded by the spec: the API's refusals (400/404/409 `message`). */
  checkoutFreeRefused: 'Free needs no checkout: it is the plan you are on without a subscription.',
  checkoutEnterpriseRefused: 'Enterprise is contact-only: contact us to set up an Enterprise plan.',
  alreadySubscribed: 'You already have a subscription. Change or cancel it in Subscription & Usage.',
  /** Not worded by the spec: two checkouts paid one after the other (docs/decisions/billing.md, Hardening 4). */
  onePlanAtATime:
    'One plan at a time: if two checkouts are paid, the later one replaces the earlier, whose unused time is credited to your account.',
  urlNotOnAppOrigin: "The return URLs must be on this app's own origin.",
  noSubscription: 'You have no paid subscription.',
  noBillingAccount: 'You have no billing account yet: subscribe to a plan first.',
  trialOffer: (days: number) => `Your first ${days} days of Pro are free.`,
  trialEnds: (date: string) => `Your free trial ends on ${date}.`,
} as const;

/**
 * Plan limits, enforced by the server before work starts. A refusal carries the code
 * `PLAN_LIMIT_ERROR_CODE` (stream `error` events and API errors), so the app can offer 'Upgrade Plan'.
 */
export const PLAN_LIMIT_ERROR_CODE = 'plan_limit';
export const LIMIT_MESSAGES = {
  dailyTokens: (limit: number, plan: string) =>
    `You have used today's ${limit.toLocaleString('en-US')} tokens of the ${plan} plan. Upgrade your plan for more, or try again tomorrow (the allowance resets at 00:00 UTC).`,
  overageCap: (capUsd: number) =>
    `You have reached this month's overage cap of $${capUsd}. Raise the cap in Subscription & Usage, or wait for the next month.`,
  /** The same refusal in a team space: the team's cap, which its Admins set on the Teams page. */
  teamOverageCap: (capUsd: number) =>
    `Your team has reached this month's overage cap of $${capUsd}. A team Admin can raise the cap on the Teams page, or wait for the next month.`,
  promptTooLarge: (limit: number, plan: string) =>
    `This conversation is too long for one request on the ${plan} plan (at most ${limit.toLocaleString('en-US')} tokens). Start a new chat or upgrade your plan.`,
  monthlyCompute: (hours: number, plan: string) =>
    `You have used this month's ${hours} compute hours of the ${plan} plan. Upgrade your plan to run servers longer.`,
} as const;
