import { createAreaRouter } from '../../http/area-router.js';
import { handler as cancelSubscription } from './cancel-subscription.js';
import { handler as createCheckout } from './create-checkout.js';
import { handler as createPortal } from './create-portal.js';
import { handler as getSubscription } from './get-subscription.js';
import { handler as getUsageHistory } from './get-usage-history.js';
import { handler as listPlans } from './list-plans.js';
import { handler as putOverageCap } from './put-overage-cap.js';
import { handler as resumeSubscription } from './resume-subscription.js';
import { handler as stripeWebhook } from './stripe-webhook.js';
import { handler as syncSubscription } from './sync-subscription.js';

export const handler = createAreaRouter('billing', {
  getSubscription,
  listPlans,
  createCheckout,
  cancelSubscription,
  resumeSubscription,
  createPortal,
  syncSubscription,
  putOverageCap,
  getUsageHistory,
  stripeWebhook,
});
