import { randomBytes } from 'node:crypto';
import { list, obj, str } from './form.js';
import { type ApiRoute, find, listOf, missingParam, newId, type StripeObject } from './state.js';

/** The endpoint as Stripe returns it after creation: the signing secret is shown once, on create. */
const withoutSecret = ({ secret: _secret, ...endpoint }: StripeObject) => endpoint;

/**
 * Webhook endpoints, kept and listed as Stripe keeps them (what the setup command registers). The
 * events themselves go to the one endpoint the local stack configures (LocalStripeOptions.webhookUrl,
 * signed with its webhookSecret), not to these.
 */
export const webhookEndpointRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/webhook_endpoints$/,
    handle: ({ state, now }, params) => {
      const url = str(params.url);
      const events = list(params.enabled_events).map(String);
      if (!url) throw missingParam('url');
      if (events.length === 0) throw missingParam('enabled_events');
      const endpoint: StripeObject = {
        id: newId('we'),
        object: 'webhook_endpoint',
        api_version: str(params.api_version) ?? null,
        application: null,
        created: now(),
        description: str(params.description) ?? null,
        enabled_events: events,
        livemode: false,
        metadata: obj(params.metadata),
        secret: `whsec_${randomBytes(24).toString('hex')}`,
        status: 'enabled',
        url,
      };
      state.webhookEndpoints[endpoint.id] = endpoint;
      return endpoint;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/webhook_endpoints$/,
    handle: ({ state }) =>
      listOf(
        Object.values(state.webhookEndpoints)
          .sort((a, b) => Number(b.created) - Number(a.created))
          .map(withoutSecret),
        '/v1/webhook_endpoints',
      ),
  },
  {
    method: 'GET',
    path: /^\/v1\/webhook_endpoints\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) =>
      withoutSecret(find(state.webhookEndpoints, id as string, 'webhook endpoint')),
  },
  {
    method: 'POST',
    path: /^\/v1\/webhook_endpoints\/([\w-]+)$/,
    handle: ({ state }, params, [id]) => {
      const endpoint = find(state.webhookEndpoints, id as string, 'webhook endpoint');
      const events = list(params.enabled_events).map(String);
      if (events.length) endpoint.enabled_events = events;
      if (str(params.url)) endpoint.url = str(params.url);
      if (str(params.disabled) !== undefined)
        endpoint.status = str(params.disabled) === 'true' ? 'disabled' : 'enabled';
      return withoutSecret(endpoint);
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/webhook_endpoints\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => {
      find(state.webhookEndpoints, id as string, 'webhook endpoint');
      delete state.webhookEndpoints[id as string];
      return { id, object: 'webhook_endpoint', deleted: true };
    },
  },
];
