type StripeObject = Record<string, unknown> & { id: string; object: string };

interface SubscriptionItem {
  id: string;
  quantity?: number;
  current_period_start: number;
  current_period_end: number;
  price: { unit_amount: number | null; nickname?: string | null };
}

/**
 * The final invoice of a subscription cancelled with `prorate` and `invoice_now`, as Stripe makes
 * it: a proration line per licensed item crediting the unused part of the period paid for (none
 * for a trial, none for metered items), the negative total going to the customer's balance
 * (`ending_balance`; negative is credit that the customer's next invoices draw on).
 */
export function finalProrationInvoice(input: {
  subscription: StripeObject;
  startingBalance: number;
  /** Unix seconds. */
  now: number;
  newId: (prefix: string) => string;
}): StripeObject & { ending_balance: number } {
  const { subscription: sub, startingBalance, now, newId } = input;
  const paid = sub.status === 'active' || sub.status === 'past_due';
  const items = (sub.items as { data: SubscriptionItem[] }).data;
  const lines = items
    .filter((item) => paid && item.price.unit_amount !== null)
    .map((item) => {
      const { current_period_start: start, current_period_end: end } = item;
      const unused = Math.max(0, Math.min(1, (end - now) / Math.max(1, end - start)));
      const amount = (item.price.unit_amount ?? 0) * Number(item.quantity ?? 1);
      return {
        id: newId('il'),
        object: 'line_item',
        amount: -Math.round(amount * unused),
        currency: 'usd',
        description: `Unused time on ${item.price.nickname ?? 'plan'}`,
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: { proration: true, subscription: sub.id, subscription_item: item.id },
        },
        period: { start: now, end },
      };
    });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const endingBalance = startingBalance + Math.min(0, total);
  return {
    id: newId('in'),
    object: 'invoice',
    billing_reason: 'subscription_update',
    customer: sub.customer,
    status: 'paid',
    currency: 'usd',
    created: now,
    livemode: false,
    lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/lines' },
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    amount_paid: Math.max(0, total),
    starting_balance: startingBalance,
    ending_balance: endingBalance,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
  };
}
