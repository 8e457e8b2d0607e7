import type { AreaRoute } from './route-definition.js';

/** The `billing` function's routes (`functions/src/handlers/billing/`). */
export const BILLING_ROUTES = [
  // Subscriptions (issue 11): Stripe Checkout, cancel and resume, the portal, usage; the webhook is public.
  { method: 'GET', path: '/subscriptions', area: 'billing', handler: 'get-subscription', auth: 'cognito' },
  { method: 'GET', path: '/subscriptions/plans', area: 'billing', handler: 'list-plans', auth: 'cognito' },
  {
    method: 'POST',
    path: '/subscriptions/checkout',
    area: 'billing',
    handler: 'create-checkout',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/cancel',
    area: 'billing',
    handler: 'cancel-subscription',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/resume',
    area: 'billing',
    handler: 'resume-subscription',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/portal',
    area: 'billing',
    handler: 'create-portal',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/sync',
    area: 'billing',
    handler: 'sync-subscription',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/subscriptions/overage-cap',
    area: 'billing',
    handler: 'put-overage-cap',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/subscriptions/usage',
    area: 'billing',
    handler: 'get-usage-history',
    auth: 'cognito',
  },
  { method: 'POST', path: '/stripe/webhook', area: 'billing', handler: 'stripe-webhook', auth: 'public' },
] as const satisfies readonly AreaRoute<'billing'>[];
