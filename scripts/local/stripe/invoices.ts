import { str } from './form.js';
import { finalProrationInvoice } from './proration.js';
import { type ApiRoute, find, type LocalStripeContext, listOf, newId, type StripeObject } from './state.js';

export const subscriptionItems = (sub: StripeObject) =>
  (sub.items as { data: Record<string, unknown>[] }).data;

/** The invoice of one period of a subscription (sent as an event, not kept). */
export function invoiceFor(
  ctx: LocalStripeContext,
  sub: StripeObject,
  status: 'paid' | 'open',
): StripeObject {
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
    created: ctx.now(),
    livemode: false,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
  };
}

/** `prorate` + `invoice_now` on a cancellation: the final invoice, its credit on the customer's balance. */
export function creditUnusedTime(ctx: LocalStripeContext, sub: StripeObject): void {
  const customer = find(ctx.state.customers, String(sub.customer), 'customer');
  const invoice = finalProrationInvoice({
    subscription: sub,
    startingBalance: Number(customer.balance ?? 0),
    now: ctx.now(),
    newId,
  });
  customer.balance = invoice.ending_balance;
  ctx.state.invoices[invoice.id] = invoice;
}

export const invoiceRoutes: ApiRoute[] = [
  {
    // The final invoices kept locally, newest first, by customer and subscription.
    method: 'GET',
    path: /^\/v1\/invoices$/,
    handle: ({ state }, params) => {
      const customer = str(params.customer);
      const subscription = str(params.subscription);
      const data = Object.values(state.invoices)
        .filter((invoice) => !customer || invoice.customer === customer)
        .filter(
          (invoice) =>
            !subscription ||
            (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
              .subscription === subscription,
        )
        .sort((a, b) => Number(b.created) - Number(a.created));
      return listOf(data, '/v1/invoices');
    },
  },
];
