import { list, obj, str } from './form.js';
import { type ApiRoute, find, listOf, missingParam, newId, StripeError, type StripeObject } from './state.js';

const invalid = (message: string, param: string) =>
  new StripeError(400, 'invalid_request_error', message, undefined, param);

/** Prices: recurring ones (licensed, or metered on a meter), found by lookup key as the code finds them. */
export const priceRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/prices$/,
    handle: ({ state, now }, params) => {
      const currency = str(params.currency);
      if (!currency) throw missingParam('currency');
      const product = find(state.products, str(params.product) ?? '', 'product');
      const unitAmount = str(params.unit_amount);
      const unitAmountDecimal = str(params.unit_amount_decimal) ?? unitAmount;
      if (unitAmountDecimal === undefined || !Number.isFinite(Number(unitAmountDecimal)))
        throw missingParam('unit_amount');
      const recurring = obj(params.recurring);
      const usageType = str(recurring.usage_type) ?? 'licensed';
      const meter = str(recurring.meter);
      if (usageType === 'metered') {
        if (!meter) throw invalid('A metered price needs recurring[meter].', 'recurring[meter]');
        find(state.meters, meter, 'billing meter');
      }
      const lookupKey = str(params.lookup_key);
      const holder = Object.values(state.prices).find((price) => lookupKey && price.lookup_key === lookupKey);
      if (holder && str(params.transfer_lookup_key) !== 'true')
        throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      if (holder) holder.lookup_key = null;
      const price: StripeObject = {
        id: newId('price'),
        object: 'price',
        active: str(params.active) !== 'false',
        billing_scheme: 'per_unit',
        created: now(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: lookupKey ?? null,
        metadata: obj(params.metadata),
        nickname: str(params.nickname) ?? null,
        product: product.id,
        recurring: params.recurring
          ? {
              interval: str(recurring.interval) ?? 'month',
              interval_count: Number(str(recurring.interval_count) ?? 1),
              meter: meter ?? null,
              usage_type: usageType,
            }
          : null,
        tax_behavior: str(params.tax_behavior) ?? 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: params.recurring ? 'recurring' : 'one_time',
        unit_amount: Number.isInteger(Number(unitAmountDecimal)) ? Number(unitAmountDecimal) : null,
        unit_amount_decimal: unitAmountDecimal,
      };
      state.prices[price.id] = price;
      return price;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    handle: ({ state }, params) => {
      const keys = list(params.lookup_keys).map(String);
      const active = str(params.active);
      const product = str(params.product);
      const data = Object.values(state.prices)
        .filter((price) => keys.length === 0 || keys.includes(String(price.lookup_key)))
        .filter((price) => active === undefined || String(price.active) === active)
        .filter((price) => !product || price.product === product)
        .sort((a, b) => Number(b.created) - Number(a.created));
      return listOf(data, '/v1/prices');
    },
  },
  {
    // Archive or rename (the amounts of a Stripe price never change).
    method: 'POST',
    path: /^\/v1\/prices\/([\w-]+)$/,
    handle: ({ state }, params, [id]) => {
      const price = find(state.prices, id as string, 'price');
      const active = str(params.active);
      if (active !== undefined) price.active = active === 'true';
      const nickname = str(params.nickname);
      if (nickname !== undefined) price.nickname = nickname || null;
      if (params.metadata) price.metadata = { ...(price.metadata as object), ...obj(params.metadata) };
      return price;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/prices\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => find(state.prices, id as string, 'price'),
  },
];
