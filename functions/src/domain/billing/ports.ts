import type { CheckoutTier, SubscriptionStatus, SubscriptionTier } from '@agentforge/shared';
import type { UsageAccount } from '../limits/usage-account.js';

/**
 * The billing record (billing table, key userId), one per user; no record is Free. Written only by
 * the sync (from Stripe's truth), except the customer id (claimed once, conditionally) and the
 * overage cap (the user's setting). The limits read `tier`, `status` and `overageCapUsd`.
 */
export interface BillingRecord {
  userId: string;
  tier: SubscriptionTier;
  /** Stripe's subscription status. */
  status: SubscriptionStatus;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** Epoch ms. */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
  /** Epoch ms. */
  trialEnd?: number;
  seats: number;
  overageCapUsd?: number;
  /** Epoch ms of the Stripe read the record was written from (an older read never overwrites a newer one). */
  syncedAt?: number;
  updatedAt?: number;
}

/** What the sync writes: the subscription part of the record. */
export type SubscriptionState = Pick<
  BillingRecord,
  'tier' | 'status' | 'stripeSubscriptionId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'trialEnd' | 'seats'
>;

export interface BillingStore {
  get(userId: string): Promise<BillingRecord | undefined>;
  /** Sets the customer id only if the record has none; resolves with the one stored. */
  claimCustomer(userId: string, customerId: string): Promise<string>;
  userIdByCustomer(customerId: string): Promise<string | undefined>;
  /** Overwrites the subscription part; false (nothing written) when a newer read was written already. */
  writeSubscription(
    userId: string,
    customerId: string,
    state: SubscriptionState,
    readAt: number,
  ): Promise<boolean>;
  setOverageCap(userId: string, capUsd: number): Promise<void>;
  isEventProcessed(eventId: string): Promise<boolean>;
  /** Records a processed webhook event; false when it was recorded already. */
  markEventProcessed(eventId: string, type: string): Promise<boolean>;
}

/** A subscription as Stripe has it (the adapter maps Stripe's object to this). */
export interface ProviderSubscription {
  id: string;
  status: SubscriptionStatus;
  /** The plan its licensed item's price stands for; undefined for an unknown price. */
  tier: CheckoutTier | undefined;
  /** Epoch ms. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialEnd?: number;
  seats: number;
  /** Epoch ms. */
  created: number;
}

export interface VerifiedEvent {
  id: string;
  type: string;
  /** The Stripe customer the event concerns, where its object names one. */
  customerId?: string;
  /** The subscription the event is about (a subscription's event, or a completed checkout's). */
  subscriptionId?: string;
}

/** Stripe, as the billing domain uses it. */
export interface BillingProvider {
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** The user id the customer was created for (its metadata), if any. */
  customerUserId(customerId: string): Promise<string | undefined>;
  /** Every subscription of the customer, any status, newest first. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  createCheckoutSession(input: {
    customerId: string;
    userId: string;
    tier: CheckoutTier;
    successUrl: string;
    cancelUrl: string;
    trialDays?: number;
    /** Teams: the seats to start with (one per team member); default 1. */
    seats?: number;
  }): Promise<string>;
  /** The customer of a checkout session, or undefined when there is no such session. */
  checkoutSessionCustomer(sessionId: string): Promise<string | undefined>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Cancels the subscription now (a deleted team's); Stripe's default: no proration, no refund. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Cancels the subscription now, its unused time credited to the customer's balance (a plan
   * replaced by a newer one); one already cancelled is left as it is.
   */
  cancelWithProratedCredit(subscriptionId: string): Promise<void>;
  /** Sets the licensed item's quantity (Teams seats), prorated. */
  setSeats(subscriptionId: string, seats: number): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's raw body and signature; throws ValidationError when they do not match. */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<VerifiedEvent>;
  /** Reports tokens past the allowance to the overage Billing Meter; `identifier` makes it once only. */
  recordMeterEvent(input: {
    customerId: string;
    tokens: number;
    identifier: string;
    /** Epoch ms of the usage. */
    at: number;
  }): Promise<void>;
}

/** One call's tokens past the daily allowance (the token ledger writes it), not yet on the meter. */
export interface PendingOverage {
  userId: string;
  /** The usage-table sort key, `overage#YYYY-MM#<id>`. */
  period: string;
  /** The meter event's identifier. */
  id: string;
  tokens: number;
  /** Epoch ms. */
  at: number;
}

export interface CustomerLookup {
  /** The user's Stripe customer id, if Stripe knows them. */
  customerOf(userId: string): Promise<string | undefined>;
}

/** The overage rows waiting for the meter, oldest first. */
export interface OverageQueue {
  pending(limit: number): Promise<PendingOverage[]>;
  /** Takes a row out of the queue: reported, or never billable (no customer, too old for Stripe). */
  settle(row: PendingOverage, outcome: 'reported' | 'unbillable'): Promise<void>;
}

export interface DailyTokens {
  date: string;
  tokens: number;
  ownKeyTokens: number;
}

/** The usage table, read for the usage views. */
export interface UsageReader {
  /** An account's days (a user's own, or a team member's in the team space). */
  dailyTokens(account: UsageAccount, dates: readonly string[]): Promise<DailyTokens[]>;
  /** `month`: `YYYY-MM` */
  computeMinutes(userId: string, month: string): Promise<number>;
  overageTokens(userId: string, month: string): Promise<number>;
  activeServers(userId: string): Promise<number>;
}
