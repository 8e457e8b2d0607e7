/** The subscription screens' texts (Subscription & Usage, the pricing page, checkout). */
export const SUBSCRIPTION_MESSAGES = {
  loadFailed: 'Failed to load subscription data. Please try again.',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  cancelConfirmation:
    'Are you sure you want to cancel your subscription? You will still have access until the end of your billing period.',
  cancellationPending: 'Cancellation Pending',
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
