import { randomBytes } from 'node:crypto';
import type { FormObject } from './form.js';

/** A Stripe API object as the local service keeps and returns it. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface LineItem {
  price: string;
  quantity?: number;
}

export type CheckoutSession = StripeObject & {
  line_items_data: LineItem[];
  trial_days?: number;
  subscription_metadata?: Record<string, unknown>;
};

/** Everything the local Stripe knows, kept in `state.json` (tables by object id). */
export interface State {
  clockOffsetSeconds: number;
  customers: Record<string, StripeObject>;
  products: Record<string, StripeObject>;
  prices: Record<string, StripeObject>;
  meters: Record<string, StripeObject>;
  webhookEndpoints: Record<string, StripeObject>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, StripeObject>;
  portalSessions: Record<string, StripeObject>;
  meterEvents: Record<string, StripeObject>;
  /** Final invoices of subscriptions cancelled with `invoice_now` (others are only sent as events). */
  invoices: Record<string, StripeObject>;
  events: Record<string, StripeObject>;
  idempotency: Record<string, { status: number; body: unknown }>;
}

export function emptyState(): State {
  return {
    clockOffsetSeconds: 0,
    customers: {},
    products: {},
    prices: {},
    meters: {},
    webhookEndpoints: {},
    sessions: {},
    subscriptions: {},
    portalSessions: {},
    meterEvents: {},
    invoices: {},
    events: {},
    idempotency: {},
  };
}

/** What a resource module works with: the state, the service's clock, persistence and events. */
export interface LocalStripeContext {
  state: State;
  /** Unix seconds on the service's clock (moved by the test clock control). */
  now(): number;
  save(): void;
  /** Records an event and delivers it to the webhook endpoint (awaited, as Stripe's API call returns after). */
  emit(type: string, object: StripeObject): Promise<void>;
  /** `http://localhost:<port>`: where the hosted pages are. */
  baseUrl(): string;
}

/** One API route: `path` is anchored and captures the object id(s) the handler receives. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handle(ctx: LocalStripeContext, params: FormObject, ids: string[]): unknown;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const API_VERSION = '2026-10-28.endive';
export const MONTH_SECONDS = 30 * 24 * 3600;

export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export function find<T extends StripeObject>(table: Record<string, T>, id: string, what: string): T {
  const found = table[id];
  if (!found)
    throw new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', 'id');
  return found;
}

export const missingParam = (param: string) =>
  new StripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const listOf = (data: unknown[], url: string, hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

export const isMetered = (price: StripeObject | undefined) =>
  (price?.recurring as { usage_type?: string } | undefined)?.usage_type === 'metered';
