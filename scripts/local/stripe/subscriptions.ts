import { type FormObject, list, obj, str } from './form.js';
import { creditUnusedTime, invoiceFor, subscriptionItems } from './invoices.js';
import {
  type ApiRoute,
  type CheckoutSession,
  find,
  isMetered,
  type LocalStripeContext,
  listOf,
  MONTH_SECONDS,
  newId,
  StripeError,
  type StripeObject,
} from './state.js';

/** The subscription a completed checkout starts (trialing when the session asked for a trial). */
export function createSubscription(ctx: LocalStripeContext, session: CheckoutSession): StripeObject {
  const created = ctx.now();
  const trialEnd = session.trial_days ? created + session.trial_days * 24 * 3600 : null;
  const periodEnd = trialEnd ?? created + MONTH_SECONDS;
  const id = newId('sub');
  const prices = ctx.state.prices;
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
    metadata: session.subscription_metadata ?? {},
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
        price: prices[line.price],
        ...(isMetered(prices[line.price]) ? {} : { quantity: line.quantity ?? 1 }),
        subscription: id,
      })),
    },
  };
  ctx.state.subscriptions[id] = sub;
  return sub;
}

/** The clock moved: trials end, periods renew, pending cancellations take effect. */
export async function advanceClock(ctx: LocalStripeContext, seconds: number): Promise<void> {
  ctx.state.clockOffsetSeconds += seconds;
  ctx.save();
  for (const sub of Object.values(ctx.state.subscriptions)) {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
    const items = subscriptionItems(sub);
    const periodEnd = Number(items[0]?.current_period_end ?? 0);
    if (periodEnd > ctx.now()) continue;
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: 'canceled', canceled_at: periodEnd, ended_at: periodEnd });
      ctx.save();
      await ctx.emit('customer.subscription.deleted', sub);
      continue;
    }
    for (const item of items) {
      item.current_period_start = periodEnd;
      item.current_period_end = periodEnd + MONTH_SECONDS;
    }
    if (sub.status === 'trialing') sub.status = 'active';
    ctx.save();
    await ctx.emit('invoice.paid', invoiceFor(ctx, sub, 'paid'));
    await ctx.emit('customer.subscription.updated', sub);
  }
}

/** A failed renewal (test control): past due, with the events Stripe sends. */
export async function failPayment(ctx: LocalStripeContext, id: string): Promise<StripeObject> {
  const sub = find(ctx.state.subscriptions, id, 'subscription');
  sub.status = 'past_due';
  ctx.save();
  await ctx.emit('invoice.payment_failed', invoiceFor(ctx, sub, 'open'));
  await ctx.emit('customer.subscription.updated', sub);
  return sub;
}

async function updateSubscription(ctx: LocalStripeContext, id: string, form: FormObject) {
  const sub = find(ctx.state.subscriptions, id, 'subscription');
  if (sub.status === 'canceled')
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  const cancel = str(form.cancel_at_period_end);
  if (cancel !== undefined) {
    const on = cancel === 'true';
    const periodEnd = Number(subscriptionItems(sub)[0]?.current_period_end ?? 0);
    Object.assign(sub, { cancel_at_period_end: on, cancel_at: on ? periodEnd : null });
  }
  if (form.metadata) sub.metadata = { ...(sub.metadata as object), ...obj(form.metadata) };
  // Seat changes: `items[n][id]` with `items[n][quantity]` (licensed items only, as Stripe).
  for (const [index, value] of list(form.items).entries()) {
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
  const proration = str(form.proration_behavior);
  if (proration) sub.last_proration_behavior = proration;
  ctx.save();
  await ctx.emit('customer.subscription.updated', sub);
  return sub;
}

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: /^\/v1\/subscriptions$/,
    handle: ({ state }, params) => {
      const customer = str(params.customer);
      const status = str(params.status);
      const limit = Number(str(params.limit) ?? 10);
      const data = Object.values(state.subscriptions)
        .filter((sub) => !customer || sub.customer === customer)
        .filter((sub) =>
          status === 'all' ? true : status ? sub.status === status : sub.status !== 'canceled',
        )
        .sort((a, b) => Number(b.created) - Number(a.created));
      return listOf(data.slice(0, limit), '/v1/subscriptions', data.length > limit);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/subscriptions\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => find(state.subscriptions, id as string, 'subscription'),
  },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([\w-]+)$/,
    handle: (ctx, params, [id]) => updateSubscription(ctx, id as string, params),
  },
  {
    // Cancel now (stripe-node's subscriptions.cancel), as Stripe: once only.
    method: 'DELETE',
    path: /^\/v1\/subscriptions\/([\w-]+)$/,
    handle: async (ctx, params, [id]) => {
      const sub = find(ctx.state.subscriptions, id as string, 'subscription');
      if (sub.status === 'canceled')
        throw new StripeError(
          400,
          'invalid_request_error',
          `This subscription has already been canceled: ${sub.id}`,
        );
      if (str(params.prorate) === 'true' && str(params.invoice_now) === 'true') creditUnusedTime(ctx, sub);
      Object.assign(sub, {
        status: 'canceled',
        canceled_at: ctx.now(),
        ended_at: ctx.now(),
        cancel_at_period_end: false,
      });
      ctx.save();
      await ctx.emit('customer.subscription.deleted', sub);
      return sub;
    },
  },
];
