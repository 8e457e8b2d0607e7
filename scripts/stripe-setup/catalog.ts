import { EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS, PRICING_PLANS } from '@agentforge/shared';
import { OVERAGE_METER_EVENT, PRICE_LOOKUP_KEYS } from '../../functions/src/adapters/stripe/catalog.js';

/** What the product sells in Stripe: the products, the prices by the lookup keys the code uses, the meter. */
export interface CatalogPrice {
  lookupKey: string;
  /** The product's id (set by the setup, so a second run finds it). */
  product: string;
  nickname: string;
  /** Cents, as Stripe's `unit_amount_decimal` (fractions of a cent for the metered price). */
  unitAmountDecimal: string;
  usageType: 'licensed' | 'metered';
}

const planCents = (id: 'pro' | 'teams') => {
  const usd = PRICING_PLANS.find((plan) => plan.id === id)?.priceUsd;
  if (typeof usd !== 'number') throw new Error(`The ${id} plan has no price`);
  return String(Math.round(usd * 100));
};

export const CATALOG_PRODUCTS = [
  { id: 'agentforge_pro', name: 'AgentForge Pro' },
  { id: 'agentforge_teams', name: 'AgentForge Teams' },
  { id: 'agentforge_extra_tokens', name: 'AgentForge extra tokens' },
] as const;

export const CATALOG_PRICES: readonly CatalogPrice[] = [
  {
    lookupKey: PRICE_LOOKUP_KEYS.pro,
    product: 'agentforge_pro',
    nickname: 'Pro',
    unitAmountDecimal: planCents('pro'),
    usageType: 'licensed',
  },
  {
    lookupKey: PRICE_LOOKUP_KEYS.teams,
    product: 'agentforge_teams',
    nickname: 'Teams (per seat)',
    unitAmountDecimal: planCents('teams'),
    usageType: 'licensed',
  },
  {
    // $0.01 per 1,000 tokens: 0.001 cents per token, on the token meter.
    lookupKey: PRICE_LOOKUP_KEYS.overage,
    product: 'agentforge_extra_tokens',
    nickname: 'Extra tokens',
    unitAmountDecimal: String((EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS * 100) / 1000),
    usageType: 'metered',
  },
];

/** The Billing Meter the overage reporter sends `{stripe_customer_id, value}` to (stripe-billing.ts). */
export const CATALOG_METER = {
  eventName: OVERAGE_METER_EVENT,
  displayName: 'AgentForge tokens',
  customerPayloadKey: 'stripe_customer_id',
  valuePayloadKey: 'value',
} as const;
