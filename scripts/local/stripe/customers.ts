import { obj, str } from './form.js';
import { type ApiRoute, find, newId, type StripeObject } from './state.js';

export const customerRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle: ({ state, now }, params) => {
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
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => find(state.customers, id as string, 'customer'),
  },
];
