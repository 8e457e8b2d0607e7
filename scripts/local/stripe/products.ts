import { list, obj, str } from './form.js';
import { type ApiRoute, find, listOf, missingParam, newId, StripeError, type StripeObject } from './state.js';

/** Products: created with an id of one's choosing (as the setup does) or Stripe's, retrieved, listed. */
export const productRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/products$/,
    handle: ({ state, now }, params) => {
      const name = str(params.name);
      if (!name) throw missingParam('name');
      const id = str(params.id) ?? newId('prod');
      if (state.products[id])
        throw new StripeError(
          400,
          'invalid_request_error',
          'Product already exists.',
          'resource_already_exists',
          'id',
        );
      const product: StripeObject = {
        id,
        object: 'product',
        active: str(params.active) !== 'false',
        created: now(),
        updated: now(),
        default_price: null,
        description: str(params.description) ?? null,
        images: [],
        livemode: false,
        marketing_features: [],
        metadata: obj(params.metadata),
        name,
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: str(params.unit_label) ?? null,
        url: null,
      };
      state.products[id] = product;
      return product;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/products$/,
    handle: ({ state }, params) => {
      const ids = list(params.ids).map(String);
      const active = str(params.active);
      const data = Object.values(state.products)
        .filter((product) => ids.length === 0 || ids.includes(product.id))
        .filter((product) => active === undefined || String(product.active) === active)
        .sort((a, b) => Number(b.created) - Number(a.created));
      return listOf(data, '/v1/products');
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/products\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => find(state.products, id as string, 'product'),
  },
];
