import { SSMClient } from '@aws-sdk/client-ssm';
import { createBillingCustomers } from '../adapters/dynamodb/billing-customers.js';
import { createBillingRepository } from '../adapters/dynamodb/billing-repository.js';
import { createOverageQueue } from '../adapters/dynamodb/overage-queue.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createUsageHistoryReader } from '../adapters/dynamodb/usage-history.js';
import { createStripeKeySource } from '../adapters/ssm/stripe-keys.js';
import { createStripeBilling, type StripeConfig } from '../adapters/stripe/stripe-billing.js';
import { teamAuditScope, UNKNOWN_CLIENT, userScope } from '../domain/audit/audit.js';
import { createOverageReporter } from '../domain/billing/overage-reporter.js';
import type {
  BillingProvider,
  BillingStore,
  SubscriptionState,
  VerifiedEvent,
} from '../domain/billing/ports.js';
import { createReplacedSubscriptions } from '../domain/billing/replaced-subscriptions.js';
import {
  createSubscriptionService,
  type SubscriptionService,
} from '../domain/billing/subscription-service.js';
import { createSubscriptionSync } from '../domain/billing/subscription-sync.js';
import { createWebhookHandler } from '../domain/billing/webhook.js';
import type { TeamSeats } from '../domain/teams/ports.js';
import { TEAM_OWNER_PREFIX } from '../domain/teams/roles.js';
import { createTeamSeats } from '../domain/teams/team-seats.js';
import { logger } from '../logger.js';
import { appOrigins } from './app-origins.js';
import { auditRecorder } from './audit.js';
import { db, env, required } from './root.js';
import { myTeamsReader } from './team-scope.js';

/** The Stripe keys: from an SSM SecureString on AWS (read once per container), from the env locally. */
async function stripeConfig(): Promise<StripeConfig> {
  if (env.RUNTIME === 'local') {
    return {
      secretKey: required('STRIPE_SECRET_KEY'),
      webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
      endpoint: {
        host: required('STRIPE_API_HOST'),
        port: env.STRIPE_API_PORT ?? 443,
        protocol: env.STRIPE_API_PROTOCOL ?? 'https',
      },
    };
  }
  return createStripeKeySource({
    client: new SSMClient({ region: env.AWS_REGION }),
    parameterName: required('STRIPE_PARAMETER_NAME'),
  })();
}

let stripe: Promise<BillingProvider> | undefined;
/** stripe-node, built when the first billing call needs it (a failed secret read is retried next time). */
function stripeBilling(): Promise<BillingProvider> {
  stripe ??= stripeConfig()
    .then(createStripeBilling)
    .catch((error: unknown) => {
      stripe = undefined;
      throw error;
    });
  return stripe;
}

const lazyProvider: BillingProvider = {
  createCustomer: async (input) => (await stripeBilling()).createCustomer(input),
  customerUserId: async (id) => (await stripeBilling()).customerUserId(id),
  listSubscriptions: async (id) => (await stripeBilling()).listSubscriptions(id),
  createCheckoutSession: async (input) => (await stripeBilling()).createCheckoutSession(input),
  checkoutSessionCustomer: async (id) => (await stripeBilling()).checkoutSessionCustomer(id),
  setCancelAtPeriodEnd: async (id, cancel) => (await stripeBilling()).setCancelAtPeriodEnd(id, cancel),
  cancelSubscription: async (id) => (await stripeBilling()).cancelSubscription(id),
  cancelWithProratedCredit: async (id) => (await stripeBilling()).cancelWithProratedCredit(id),
  setSeats: async (id, seats) => (await stripeBilling()).setSeats(id, seats),
  createPortalSession: async (id, url) => (await stripeBilling()).createPortalSession(id, url),
  verifyWebhook: async (raw, signature) => (await stripeBilling()).verifyWebhook(raw, signature),
  recordMeterEvent: async (input) => (await stripeBilling()).recordMeterEvent(input),
};

/** Webhook events that change what the user has: audited in the customer's user's log, Stripe as actor. */
const AUDITED_EVENTS = {
  'checkout.session.completed': 'subscription.checkout_completed',
  'customer.subscription.updated': 'subscription.changed',
  'customer.subscription.deleted': 'subscription.changed',
} as const;

async function auditSubscriptionEvent(
  store: BillingStore,
  event: VerifiedEvent,
  state: SubscriptionState | undefined,
  client = UNKNOWN_CLIENT,
): Promise<void> {
  const action = AUDITED_EVENTS[event.type as keyof typeof AUDITED_EVENTS];
  if (!action || !event.customerId) return;
  let userId: string | undefined;
  try {
    userId = await store.userIdByCustomer(event.customerId);
  } catch (error) {
    logger.error('An audit record could not be written: the customer’s user was not found', {
      eventId: event.id,
      error,
    });
    return;
  }
  if (!userId) return;
  await auditRecorder().record({
    // A team's subscription (its billing record's user id is `team#<teamId>`) goes to the team's log.
    scope: userId.startsWith(TEAM_OWNER_PREFIX)
      ? teamAuditScope(userId.slice(TEAM_OWNER_PREFIX.length))
      : userScope(userId),
    actor: 'system:stripe',
    action,
    target: 'subscription',
    outcome: 'success',
    client,
    details: {
      event: event.type,
      eventId: event.id,
      ...(state
        ? { tier: state.tier, status: state.status, cancelAtPeriodEnd: state.cancelAtPeriodEnd }
        : {}),
    },
  });
}

let parts:
  | { service: SubscriptionService; webhook: ReturnType<typeof createWebhookHandler>; seats: TeamSeats }
  | undefined;
function build() {
  if (parts) return parts;
  const store = createBillingRepository(db, env.tables.billing);
  const plans = createPlanLookup(db, env.tables.billing, myTeamsReader());
  const sync = createSubscriptionSync({ provider: lazyProvider, store, now: Date.now });
  const service = createSubscriptionService({
    provider: lazyProvider,
    store,
    usage: createUsageHistoryReader(db, env.tables.usage),
    sync,
    appOrigins,
    now: Date.now,
    // A member of a subscribed team sees the Teams plan's server limits, which the platform enforces.
    limitsTierOf: async (userId) => (await plans.planOf(userId)).tier,
  });
  parts = {
    service,
    webhook: createWebhookHandler({
      provider: lazyProvider,
      store,
      sync,
      replaceOlder: createReplacedSubscriptions({ provider: lazyProvider }),
      onSynced: (event, state, client) => auditSubscriptionEvent(store, event, state, client),
    }),
    seats: createTeamSeats({ provider: lazyProvider, store, sync, subscriptions: service }),
  };
  return parts;
}

export function subscriptionService(): SubscriptionService {
  return build().service;
}

export function stripeWebhook(): ReturnType<typeof createWebhookHandler> {
  return build().webhook;
}

/** A team's subscription (billing record `team#<teamId>`): checkout and seats that follow the members. */
export function teamSeats(): TeamSeats {
  return build().seats;
}

let reporter: ReturnType<typeof createOverageReporter> | undefined;
/** The scheduled overage reporter (handlers/billing/report-overage.ts). */
export function overageReporter(): ReturnType<typeof createOverageReporter> {
  reporter ??= createOverageReporter({
    queue: createOverageQueue(db, env.tables.usage),
    customers: createBillingCustomers(db, env.tables.billing),
    provider: lazyProvider,
    now: Date.now,
  });
  return reporter;
}
