import type { EventBus } from './events.js';
import { str } from './form.js';
import { type ApiRoute, find } from './state.js';
import { advanceClock, failPayment } from './subscriptions.js';

/**
 * Test-only controls (same Bearer key): `POST /__control/subscriptions/:id/payment_failed`,
 * `POST /__control/clock/advance` (`seconds`), `POST /__control/events/:id/resend`,
 * `POST /__control/webhook_endpoint` (`url`: where webhooks go now; empty: nowhere),
 * `GET /__control/events`.
 */
export function controlRoutes(events: EventBus): ApiRoute[] {
  return [
    {
      method: 'POST',
      path: /^\/__control\/subscriptions\/([\w-]+)\/payment_failed$/,
      handle: (ctx, _params, [id]) => failPayment(ctx, id as string),
    },
    {
      method: 'POST',
      path: /^\/__control\/clock\/advance$/,
      handle: async (ctx, params) => {
        await advanceClock(ctx, Number(str(params.seconds) ?? 0));
        return { now: ctx.now() };
      },
    },
    {
      method: 'POST',
      path: /^\/__control\/events\/([\w-]+)\/resend$/,
      handle: async ({ state }, _params, [id]) => {
        const event = find(state.events, id as string, 'event');
        const delivery = await events.resend(event);
        return { event, delivery };
      },
    },
    {
      method: 'POST',
      path: /^\/__control\/webhook_endpoint$/,
      handle: (_ctx, params) => {
        events.setWebhookUrl(str(params.url) || undefined);
        return { url: events.webhookUrl() ?? null };
      },
    },
    {
      method: 'GET',
      path: /^\/__control\/events$/,
      handle: ({ state }) => ({
        object: 'list',
        data: Object.values(state.events).sort((a, b) => Number(b.created) - Number(a.created)),
      }),
    },
  ];
}
