import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { OVERAGE_METER_EVENT, PRICE_LOOKUP_KEYS } from '../../../functions/src/adapters/stripe/catalog.js';
import { close, listen } from '../net.js';
import { type FormObject, list, obj, parseForm, str } from './form.js';
import { renderCheckoutPage, renderMessagePage, renderPortalPage } from './pages.js';
import { finalProrationInvoice } from './proration.js';
import { createWebhookDelivery } from './webhook-delivery.js';

/**
 * The local stand-in for Stripe: a small stateful service that speaks the subset of Stripe's HTTP
 * API the product uses through stripe-node (form-encoded bodies, Bearer secret key, Stripe's object
 * and error shapes): customers, prices by lookup key, Checkout Sessions with a hosted local
 * checkout page, subscriptions (updated, cancelled now, with the unused time credited on request), portal sessions, meter events and their summaries. Completing a
 * checkout, a simulated payment failure or an advanced clock send webhooks signed the way Stripe signs them
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256("t.payload")`). State survives restarts in `state.json`.
 *
 * A webhook the endpoint did not take is retried with backoff, as Stripe does (webhook-delivery.ts).
 *
 * Test-only control endpoints (same Bearer key): `POST /__control/subscriptions/:id/payment_failed`,
 * `POST /__control/clock/advance` (`seconds`), `POST /__control/events/:id/resend`,
 * `POST /__control/webhook_endpoint` (`url`: where webhooks go now; empty: nowhere).
 */
export interface LocalStripeOptions {
  port: number;
  dataDir: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the API's /api/stripe/webhook); settable later with setWebhookUrl. */
  webhookUrl?: string;
  /** The pauses before each retry of an undelivered webhook (default: webhook-delivery.ts). */
  webhookRetryDelaysMs?: readonly number[] | undefined;
  quiet?: boolean;
}

export interface LocalStripe {
  /** `http://localhost:<port>` */
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  stop(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

interface State {
  clockOffsetSeconds: number;
  customers: Record<string, StripeObject>;
  prices: Record<string, StripeObject>;
  sessions: Record<string, StripeObject & { line_items_data: LineItem[]; trial_days?: number }>;
  subscriptions: Record<string, StripeObject>;
  portalSessions: Record<string, StripeObject>;
  meterEvents: Record<string, StripeObject>;
  /** Final invoices of subscriptions cancelled with `invoice_now` (others are only sent as events). */
  invoices?: Record<string, StripeObject>;
  events: Record<string, StripeObject>;
  idempotency: Record<string, { status: number; body: unknown }>;
}

interface LineItem {
  price: string;
  quantity?: number;
}

class StripeError extends Error {
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

const DECLINED_CARD = '4000000000000002';
const SUCCEEDING_CARD = '4242424242424242';
const MONTH_SECONDS = 30 * 24 * 3600;
const API_VERSION = '2026-10-28.endive';

const isMetered = (price: StripeObject | undefined) =>
  (price?.recurring as { usage_type?: string } | undefined)?.usage_type === 'metered';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function seedPrices(now: number): Record<string, StripeObject> {
  const price = (lookup: string, amount: string, usage: 'licensed' | 'metered', nickname: string) => ({
    id: `price_local_${lookup}`,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: now,
    currency: 'usd',
    livemode: false,
    lookup_key: lookup,
    metadata: {},
    nickname,
    product: `prod_local_${lookup}`,
    recurring: {
      interval: 'month',
      interval_count: 1,
      usage_type: usage,
      meter: usage === 'metered' ? 'mtr_local_tokens' : null,
    },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: usage === 'metered' ? null : Number(amount),
    unit_amount_decimal: amount,
  });
  const prices = [
    price(PRICE_LOOKUP_KEYS.pro, '2500', 'licensed', 'Pro'),
    price(PRICE_LOOKUP_KEYS.teams, '4000', 'licensed', 'Teams (per seat)'),
    // $0.01 per 1,000 tokens: 0.001 cents per token.
    price(PRICE_LOOKUP_KEYS.overage, '0.001', 'metered', 'Extra tokens'),
  ];
  return Object.fromEntries(prices.map((p) => [p.id, p]));
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, 'state.json');
  const realNow = () => Math.floor(Date.now() / 1000);
  const state: State = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
    : {
        clockOffsetSeconds: 0,
        customers: {},
        prices: seedPrices(realNow()),
        sessions: {},
        subscriptions: {},
        portalSessions: {},
        meterEvents: {},
        events: {},
        idempotency: {},
      };
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  const now = () => realNow() + state.clockOffsetSeconds;
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';
  const log = options.quiet ? () => {} : (message: string) => console.log(`[local-stripe] ${message}`);

  const find = <T extends StripeObject>(table: Record<string, T>, id: string, what: string): T => {
    const found = table[id];
    if (!found)
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such ${what}: '${id}'`,
        'resource_missing',
        'id',
      );
    return found;
  };

  /** Signed at the wall clock's time, as Stripe's test clocks do: only the objects' times move. */
  function sign(payload: string): string {
    const t = realNow();
    const v1 = createHmac('sha256', options.webhookSecret).update(`${t}.${payload}`).digest('hex');
    return `t=${t},v1=${v1}`;
  }

  const webhooks = createWebhookDelivery({
    url: () => webhookUrl,
    sign,
    save: () => save(),
    log,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  async function emit(type: string, object: StripeObject): Promise<void> {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    state.events[event.id] = event;
    save();
    await webhooks.deliver(event);
  }

  function subscriptionItems(sub: StripeObject) {
    return (sub.items as { data: Record<string, unknown>[] }).data;
  }

  function invoiceFor(sub: StripeObject, status: 'paid' | 'open'): StripeObject {
    const amount = subscriptionItems(sub).reduce((sum, item) => {
      const price = item.price as { unit_amount: number | null };
      return sum + (price.unit_amount ?? 0) * Number(item.quantity ?? 1);
    }, 0);
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      created: now(),
      livemode: false,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
    };
  }

  /** `prorate` + `invoice_now` on a cancellation: the final invoice, its credit on the customer's balance. */
  function creditUnusedTime(sub: StripeObject): void {
    const customer = find(state.customers, String(sub.customer), 'customer');
    const invoice = finalProrationInvoice({
      subscription: sub,
      startingBalance: Number(customer.balance ?? 0),
      now: now(),
      newId,
    });
    customer.balance = invoice.ending_balance;
    state.invoices ??= {};
    state.invoices[invoice.id] = invoice;
  }

  function createSubscription(session: State['sessions'][string]): StripeObject {
    const created = now();
    const trialEnd = session.trial_days ? created + session.trial_days * 24 * 3600 : null;
    const periodEnd = trialEnd ?? created + MONTH_SECONDS;
    const id = newId('sub');
    const sub: StripeObject = {
      id,
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created,
      start_date: created,
      trial_start: trialEnd ? created : null,
      trial_end: trialEnd,
      ended_at: null,
      currency: 'usd',
      livemode: false,
      metadata: (session.subscription_metadata as Record<string, string>) ?? {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: session.line_items_data.map((line) => ({
          id: newId('si'),
          object: 'subscription_item',
          created,
          current_period_start: created,
          current_period_end: periodEnd,
          price: state.prices[line.price],
          ...(isMetered(state.prices[line.price]) ? {} : { quantity: line.quantity ?? 1 }),
          subscription: id,
        })),
      },
    };
    state.subscriptions[id] = sub;
    return sub;
  }

  async function completeSession(session: State['sessions'][string]): Promise<void> {
    const sub = createSubscription(session);
    Object.assign(session, {
      status: 'complete',
      payment_status: session.trial_days ? 'no_payment_required' : 'paid',
      subscription: sub.id,
    });
    save();
    await emit('checkout.session.completed', publicSession(session));
    await emit('customer.subscription.created', sub);
    if (!session.trial_days) await emit('invoice.paid', invoiceFor(sub, 'paid'));
  }

  function publicSession(session: State['sessions'][string]): StripeObject {
    const { line_items_data: _lines, trial_days: _trial, subscription_metadata: _meta, ...rest } = session;
    return rest as StripeObject;
  }

  /** The clock moved: trials end, periods renew, pending cancellations take effect. */
  async function advanceClock(seconds: number): Promise<void> {
    state.clockOffsetSeconds += seconds;
    save();
    for (const sub of Object.values(state.subscriptions)) {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      const items = subscriptionItems(sub);
      const periodEnd = Number(items[0]?.current_period_end ?? 0);
      if (periodEnd > now()) continue;
      if (sub.cancel_at_period_end) {
        Object.assign(sub, { status: 'canceled', canceled_at: periodEnd, ended_at: periodEnd });
        save();
        await emit('customer.subscription.deleted', sub);
        continue;
      }
      for (const item of items) {
        item.current_period_start = periodEnd;
        item.current_period_end = periodEnd + MONTH_SECONDS;
      }
      if (sub.status === 'trialing') sub.status = 'active';
      save();
      await emit('invoice.paid', invoiceFor(sub, 'paid'));
      await emit('customer.subscription.updated', sub);
    }
  }

  async function api(method: string, path: string, params: FormObject): Promise<unknown> {
    const summaries = path.match(/^\/v1\/billing\/meters\/([\w-]+)\/event_summaries$/);
    if (method === 'GET' && summaries) return meterEventSummaries(summaries[1] as string, params);
    const match = path.match(
      /^\/v1\/(customers|prices|invoices|checkout\/sessions|subscriptions|billing_portal\/sessions|billing\/meter_events)(?:\/([\w-]+))?$/,
    );
    const id = match?.[2];
    const route = match ? `${method} ${match[1]}${id ? '/:id' : ''}` : '';
    switch (route) {
      case 'POST customers': {
        const customer: StripeObject = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          balance: 0,
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          livemode: false,
          metadata: obj(params.metadata),
        };
        state.customers[customer.id] = customer;
        return customer;
      }
      case 'GET customers/:id':
        return find(state.customers, id as string, 'customer');
      case 'GET invoices': {
        // The final invoices kept locally, newest first, by customer and subscription.
        const customer = str(params.customer);
        const subscription = str(params.subscription);
        const data = Object.values(state.invoices ?? {})
          .filter((invoice) => !customer || invoice.customer === customer)
          .filter(
            (invoice) =>
              !subscription ||
              (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
                .subscription === subscription,
          )
          .sort((a, b) => Number(b.created) - Number(a.created));
        return { object: 'list', data, has_more: false, url: '/v1/invoices' };
      }
      case 'GET prices': {
        const keys = list(params.lookup_keys).map(String);
        const data = Object.values(state.prices).filter(
          (price) => keys.length === 0 || keys.includes(String(price.lookup_key)),
        );
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      }
      case 'POST checkout/sessions':
        return createCheckoutSession(params);
      case 'GET checkout/sessions/:id':
        return publicSession(find(state.sessions, id as string, 'checkout.session'));
      case 'GET subscriptions': {
        const customer = str(params.customer);
        const status = str(params.status);
        const limit = Number(str(params.limit) ?? 10);
        const data = Object.values(state.subscriptions)
          .filter((sub) => !customer || sub.customer === customer)
          .filter((sub) =>
            status === 'all' ? true : status ? sub.status === status : sub.status !== 'canceled',
          )
          .sort((a, b) => Number(b.created) - Number(a.created));
        return {
          object: 'list',
          data: data.slice(0, limit),
          has_more: data.length > limit,
          url: '/v1/subscriptions',
        };
      }
      case 'GET subscriptions/:id':
        return find(state.subscriptions, id as string, 'subscription');
      case 'POST subscriptions/:id': {
        const sub = find(state.subscriptions, id as string, 'subscription');
        if (sub.status === 'canceled')
          throw new StripeError(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        const cancel = str(params.cancel_at_period_end);
        if (cancel !== undefined) {
          const on = cancel === 'true';
          const periodEnd = Number(subscriptionItems(sub)[0]?.current_period_end ?? 0);
          Object.assign(sub, { cancel_at_period_end: on, cancel_at: on ? periodEnd : null });
        }
        if (params.metadata) sub.metadata = { ...(sub.metadata as object), ...obj(params.metadata) };
        // Seat changes: `items[n][id]` with `items[n][quantity]` (licensed items only, as Stripe).
        for (const [index, value] of list(params.items).entries()) {
          const change = obj(value);
          const item = subscriptionItems(sub).find((candidate) => candidate.id === str(change.id));
          if (!item)
            throw new StripeError(
              400,
              'invalid_request_error',
              `No such subscription item: '${str(change.id)}'`,
              undefined,
              `items[${index}][id]`,
            );
          const quantity = Number(str(change.quantity));
          if (!Number.isInteger(quantity) || quantity < 1 || isMetered(item.price as StripeObject))
            throw new StripeError(
              400,
              'invalid_request_error',
              'Invalid quantity for a licensed subscription item.',
              undefined,
              `items[${index}][quantity]`,
            );
          item.quantity = quantity;
        }
        const proration = str(params.proration_behavior);
        if (proration) sub.last_proration_behavior = proration;
        save();
        await emit('customer.subscription.updated', sub);
        return sub;
      }
      case 'DELETE subscriptions/:id': {
        // Cancel now (stripe-node's subscriptions.cancel), as Stripe: once only.
        const sub = find(state.subscriptions, id as string, 'subscription');
        if (sub.status === 'canceled')
          throw new StripeError(
            400,
            'invalid_request_error',
            `This subscription has already been canceled: ${sub.id}`,
          );
        if (str(params.prorate) === 'true' && str(params.invoice_now) === 'true') creditUnusedTime(sub);
        Object.assign(sub, {
          status: 'canceled',
          canceled_at: now(),
          ended_at: now(),
          cancel_at_period_end: false,
        });
        save();
        await emit('customer.subscription.deleted', sub);
        return sub;
      }
      case 'POST billing_portal/sessions': {
        const customer = find(state.customers, str(params.customer) ?? '', 'customer');
        const session: StripeObject = {
          id: newId('bps'),
          object: 'billing_portal.session',
          created: now(),
          customer: customer.id,
          livemode: false,
          return_url: str(params.return_url) ?? null,
          url: '',
        };
        session.url = `${baseUrl}/portal/${session.id}`;
        state.portalSessions[session.id] = session;
        return session;
      }
      case 'POST billing/meter_events': {
        const eventName = str(params.event_name);
        if (eventName !== OVERAGE_METER_EVENT)
          throw new StripeError(
            400,
            'invalid_request_error',
            `No active meter found for event_name '${eventName}'`,
            undefined,
            'event_name',
          );
        const identifier = str(params.identifier) ?? newId('mev');
        const existing = state.meterEvents[identifier];
        if (existing) return existing;
        const event: StripeObject = {
          id: identifier,
          object: 'billing.meter_event',
          created: now(),
          event_name: eventName,
          identifier,
          livemode: false,
          payload: obj(params.payload),
          timestamp: Number(str(params.timestamp) ?? now()),
        };
        state.meterEvents[identifier] = event;
        save();
        return event;
      }
      default:
        throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  /** The meter's events of one customer in [start_time, end_time), summed into one summary. */
  function meterEventSummaries(meterId: string, params: FormObject): Record<string, unknown> {
    if (meterId !== 'mtr_local_tokens')
      throw new StripeError(404, 'invalid_request_error', `No such billing meter: '${meterId}'`);
    const customer = str(params.customer);
    const start = Number(str(params.start_time));
    const end = Number(str(params.end_time));
    if (!customer || !Number.isFinite(start) || !Number.isFinite(end))
      throw new StripeError(400, 'invalid_request_error', 'customer, start_time and end_time are required.');
    const value = Object.values(state.meterEvents)
      .filter((event) => {
        const payload = event.payload as Record<string, string>;
        const at = Number(event.timestamp);
        return payload.stripe_customer_id === customer && at >= start && at < end;
      })
      .reduce((sum, event) => sum + Number((event.payload as Record<string, string>).value ?? 0), 0);
    return {
      object: 'list',
      url: `/v1/billing/meters/${meterId}/event_summaries`,
      has_more: false,
      data: [
        {
          id: newId('mtrusg'),
          object: 'billing.meter_event_summary',
          aggregated_value: value,
          start_time: start,
          end_time: end,
          livemode: false,
          meter: meterId,
        },
      ],
    };
  }

  function createCheckoutSession(params: FormObject): StripeObject {
    if (str(params.mode) !== 'subscription')
      throw new StripeError(
        400,
        'invalid_request_error',
        'Only subscription mode is supported locally.',
        undefined,
        'mode',
      );
    const customer = find(state.customers, str(params.customer) ?? '', 'customer');
    const successUrl = str(params.success_url);
    const cancelUrl = str(params.cancel_url);
    if (!successUrl)
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'parameter_missing',
        'success_url',
      );
    const lines = list(params.line_items).map((line, index) => {
      const item = obj(line);
      const price = find(state.prices, str(item.price) ?? '', 'price');
      const quantity = str(item.quantity);
      if (isMetered(price) && quantity !== undefined)
        throw new StripeError(
          400,
          'invalid_request_error',
          'Quantity should not be specified where usage_type is `metered`.',
          undefined,
          `line_items[${index}][quantity]`,
        );
      return { price: price.id, ...(quantity ? { quantity: Number(quantity) } : {}) };
    });
    if (lines.length === 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    const subscriptionData = obj(params.subscription_data);
    const trialDays = Number(str(subscriptionData.trial_period_days) ?? 0);
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      cancel_url: cancelUrl ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now(),
      currency: 'usd',
      customer: customer.id,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: obj(params.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${baseUrl}/checkout/${id}`,
      line_items_data: lines,
      subscription_metadata: obj(subscriptionData.metadata),
      ...(trialDays > 0 ? { trial_days: trialDays } : {}),
    };
    state.sessions[id] = session as State['sessions'][string];
    return publicSession(session as State['sessions'][string]);
  }

  function checkoutModel(session: State['sessions'][string], error?: string) {
    const licensed = session.line_items_data
      .map((line) => ({ line, price: state.prices[line.price] }))
      .filter(({ price }) => price?.unit_amount !== null);
    const cents = licensed.reduce(
      (sum, { line, price }) => sum + Number(price?.unit_amount ?? 0) * (line.quantity ?? 1),
      0,
    );
    return {
      sessionId: session.id,
      description:
        licensed.map(({ price }) => String(price?.nickname ?? 'Subscription')).join(', ') || 'Subscription',
      amountLabel: `$${(cents / 100).toFixed(2)} per month`,
      ...(session.trial_days ? { trialDays: session.trial_days } : {}),
      cancelUrl: String(session.cancel_url ?? '/'),
      ...(error ? { error } : {}),
    };
  }

  async function pages(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<boolean> {
    const checkout = url.pathname.match(/^\/checkout\/([\w-]+)(\/pay)?$/);
    if (checkout) {
      const session = state.sessions[checkout[1] as string];
      if (!session)
        return sendHtml(
          res,
          404,
          renderMessagePage('Local test checkout', 'This checkout session does not exist.'),
        );
      if (session.status !== 'open')
        return sendHtml(
          res,
          410,
          renderMessagePage('Local test checkout', 'This checkout session is no longer open.'),
        );
      if (!checkout[2] && req.method === 'GET')
        return sendHtml(res, 200, renderCheckoutPage(checkoutModel(session)), String(session.success_url));
      if (checkout[2] && req.method === 'POST') {
        const card = (str(parseForm(body).cardNumber) ?? '').replace(/\D/g, '');
        if (card === SUCCEEDING_CARD) {
          await completeSession(session);
          const target = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
          res.writeHead(303, { Location: target, 'Cache-Control': 'no-store' }).end();
          return true;
        }
        const message = card === DECLINED_CARD ? 'Your card was declined.' : 'Your card number is invalid.';
        return sendHtml(
          res,
          402,
          renderCheckoutPage(checkoutModel(session, message)),
          String(session.success_url),
        );
      }
    }
    const portal = url.pathname.match(/^\/portal\/([\w-]+)$/);
    if (portal && req.method === 'GET') {
      const session = state.portalSessions[portal[1] as string];
      if (!session)
        return sendHtml(
          res,
          404,
          renderMessagePage('Local billing portal', 'This portal session does not exist.'),
        );
      const lines = Object.values(state.subscriptions)
        .filter((sub) => sub.customer === session.customer)
        .map((sub) => {
          const end = new Date(Number(subscriptionItems(sub)[0]?.current_period_end ?? 0) * 1000)
            .toISOString()
            .slice(0, 10);
          const price = subscriptionItems(sub)[0]?.price as { nickname?: string } | undefined;
          return `${price?.nickname ?? 'Subscription'}: ${sub.status}${sub.cancel_at_period_end ? ', ends' : ', renews'} ${end}`;
        });
      return sendHtml(
        res,
        200,
        renderPortalPage({
          returnUrl: String(session.return_url ?? '/'),
          lines: lines.length ? lines : ['No subscriptions'],
        }),
      );
    }
    return false;
  }

  async function control(method: string, path: string, params: FormObject): Promise<unknown> {
    const failed = path.match(/^\/__control\/subscriptions\/([\w-]+)\/payment_failed$/);
    if (method === 'POST' && failed) {
      const sub = find(state.subscriptions, failed[1] as string, 'subscription');
      sub.status = 'past_due';
      save();
      await emit('invoice.payment_failed', invoiceFor(sub, 'open'));
      await emit('customer.subscription.updated', sub);
      return sub;
    }
    if (method === 'POST' && path === '/__control/clock/advance') {
      await advanceClock(Number(str(params.seconds) ?? 0));
      return { now: now() };
    }
    const resend = path.match(/^\/__control\/events\/([\w-]+)\/resend$/);
    if (method === 'POST' && resend) {
      const event = find(state.events, resend[1] as string, 'event');
      const delivery = await webhooks.resend(event);
      return { event, delivery };
    }
    if (method === 'POST' && path === '/__control/webhook_endpoint') {
      webhookUrl = str(params.url) || undefined;
      return { url: webhookUrl ?? null };
    }
    if (method === 'GET' && path === '/__control/events') {
      return {
        object: 'list',
        data: Object.values(state.events).sort((a, b) => Number(b.created) - Number(a.created)),
      };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(options.secretKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    readBody(req)
      .then(async (body) => {
        if (await pages(req, res, url, body)) return;
        if (!url.pathname.startsWith('/v1/') && !url.pathname.startsWith('/__control/'))
          throw new StripeError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${method}: ${url.pathname}).`,
          );
        if (!authorized(req))
          throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid');
        // stripe-node sends a GET's and a DELETE's parameters in the query string.
        const params =
          method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
        const key = req.headers['idempotency-key'];
        const idemKey = typeof key === 'string' && method === 'POST' ? `${url.pathname}:${key}` : undefined;
        const replay = idemKey ? state.idempotency[idemKey] : undefined;
        if (replay) return sendJson(res, replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
        const result = url.pathname.startsWith('/__control/')
          ? await control(method, url.pathname, params)
          : await api(method, url.pathname, params);
        if (idemKey) state.idempotency[idemKey] = { status: 200, body: result };
        save();
        sendJson(res, 200, result);
      })
      .catch((error: unknown) => {
        if (!(error instanceof StripeError)) console.error('[local-stripe]', error);
        const e =
          error instanceof StripeError
            ? error
            : new StripeError(500, 'api_error', 'An unknown error occurred.');
        if (res.headersSent) return void res.end();
        sendJson(res, e.status, {
          error: {
            type: e.type,
            message: e.message,
            ...(e.code ? { code: e.code } : {}),
            ...(e.param ? { param: e.param } : {}),
          },
        });
      });
  });
  const port = await listen(server, options.port);
  baseUrl = `http://localhost:${port}`;
  save();
  webhooks.resume(Object.values(state.events));
  return {
    url: baseUrl,
    port,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    stop: () => {
      webhooks.stop();
      return close(server);
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new StripeError(413, 'invalid_request_error', 'Request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': newId('req'),
    'Stripe-Version': API_VERSION,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/**
 * `redirectsTo`: where a form of the page may lead after its POST (browsers hold a form's
 * redirect to form-action too, so the checkout names the app's success URL's origin).
 */
function sendHtml(res: ServerResponse, status: number, html: string, redirectsTo?: string): true {
  const formAction = ["'self'", ...(redirectsTo ? [new URL(redirectsTo).origin] : [])].join(' ');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
  });
  res.end(html);
  return true;
}
