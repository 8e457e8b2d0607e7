import type { CheckoutTier } from '@agentforge/shared';

/**
 * The prices the product sells, found in Stripe by lookup key (so the same code runs against any
 * Stripe account; `npm run stripe:setup` creates exactly these, and the local stack the same way). Teams is priced per seat;
 * overage is a metered price on the `agentforge_tokens` meter ($0.01 per 1,000 tokens).
 */
export const PRICE_LOOKUP_KEYS = {
  pro: 'agentforge_pro_monthly',
  teams: 'agentforge_teams_seat_monthly',
  overage: 'agentforge_overage_tokens',
} as const satisfies Record<CheckoutTier | 'overage', string>;

/** The Billing Meter's event name the overage is reported under. */
export const OVERAGE_METER_EVENT = 'agentforge_tokens';

/** The paid tier a subscription item's price stands for, or undefined (the metered overage price). */
export function tierOfLookupKey(lookupKey: string | null | undefined): CheckoutTier | undefined {
  if (lookupKey === PRICE_LOOKUP_KEYS.pro) return 'pro';
  if (lookupKey === PRICE_LOOKUP_KEYS.teams) return 'teams';
  return undefined;
}
