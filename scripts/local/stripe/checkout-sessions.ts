import { type FormObject, list, obj, parseForm, str } from './form.js';
import { type PageRoute, sendHtml } from './http.js';
import { invoiceFor } from './invoices.js';
import { renderCheckoutPage, renderMessagePage } from './pages.js';
import {
  type ApiRoute,
  type CheckoutSession,
  find,
  isMetered,
  type LocalStripeContext,
  missingParam,
  newId,
  StripeError,
  type StripeObject,
} from './state.js';
import { createSubscription } from './subscriptions.js';

const DECLINED_CARD = '4000000000000002';
const SUCCEEDING_CARD = '4242424242424242';

/** The session as the API returns it (without what the service keeps for the checkout page). */
function publicSession(session: CheckoutSession): StripeObject {
  const { line_items_data: _lines, trial_days: _trial, subscription_metadata: _meta, ...rest } = session;
  return rest as StripeObject;
}

function createCheckoutSession(ctx: LocalStripeContext, params: FormObject): StripeObject {
  if (str(params.mode) !== 'subscription')
    throw new StripeError(
      400,
      'invalid_request_error',
      'Only subscription mode is supported locally.',
      undefined,
      'mode',
    );
  const customer = find(ctx.state.customers, str(params.customer) ?? '', 'customer');
  const successUrl = str(params.success_url);
  if (!successUrl) throw missingParam('success_url');
  const lines = list(params.line_items).map((line, index) => {
    const item = obj(line);
    const price = find(ctx.state.prices, str(item.price) ?? '', 'price');
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
  if (lines.length === 0) throw missingParam('line_items');
  const subscriptionData = obj(params.subscription_data);
  const trialDays = Number(str(subscriptionData.trial_period_days) ?? 0);
  const id = newId('cs_test');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    cancel_url: str(params.cancel_url) ?? null,
    client_reference_id: str(params.client_reference_id) ?? null,
    created: ctx.now(),
    currency: 'usd',
    customer: customer.id,
    expires_at: ctx.now() + 24 * 3600,
    livemode: false,
    metadata: obj(params.metadata),
    mode: 'subscription',
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    url: `${ctx.baseUrl()}/checkout/${id}`,
    line_items_data: lines,
    subscription_metadata: obj(subscriptionData.metadata),
    ...(trialDays > 0 ? { trial_days: trialDays } : {}),
  };
  ctx.state.sessions[id] = session;
  return publicSession(session);
}

/** Paid (or trial started): the subscription, then the events in Stripe's order. */
async function completeSession(ctx: LocalStripeContext, session: CheckoutSession): Promise<void> {
  const sub = createSubscription(ctx, session);
  Object.assign(session, {
    status: 'complete',
    payment_status: session.trial_days ? 'no_payment_required' : 'paid',
    subscription: sub.id,
  });
  ctx.save();
  await ctx.emit('checkout.session.completed', publicSession(session));
  await ctx.emit('customer.subscription.created', sub);
  if (!session.trial_days) await ctx.emit('invoice.paid', invoiceFor(ctx, sub, 'paid'));
}

function checkoutModel(ctx: LocalStripeContext, session: CheckoutSession, error?: string) {
  const licensed = session.line_items_data
    .map((line) => ({ line, price: ctx.state.prices[line.price] }))
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

export const checkoutSessionRoutes: ApiRoute[] = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: createCheckoutSession },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) =>
      publicSession(find(state.sessions, id as string, 'checkout.session')),
  },
];

/** The hosted checkout page (`GET /checkout/:id`) and its form (`POST /checkout/:id/pay`). */
export const checkoutPage: PageRoute = async (ctx, req, res, url, body) => {
  const match = url.pathname.match(/^\/checkout\/([\w-]+)(\/pay)?$/);
  if (!match) return false;
  const session = ctx.state.sessions[match[1] as string];
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
  if (!match[2] && req.method === 'GET')
    return sendHtml(res, 200, renderCheckoutPage(checkoutModel(ctx, session)), String(session.success_url));
  if (!match[2] || req.method !== 'POST') return false;
  const card = (str(parseForm(body).cardNumber) ?? '').replace(/\D/g, '');
  if (card === SUCCEEDING_CARD) {
    await completeSession(ctx, session);
    const target = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
    res.writeHead(303, { Location: target, 'Cache-Control': 'no-store' }).end();
    return true;
  }
  const message = card === DECLINED_CARD ? 'Your card was declined.' : 'Your card number is invalid.';
  return sendHtml(
    res,
    402,
    renderCheckoutPage(checkoutModel(ctx, session, message)),
    String(session.success_url),
  );
};
