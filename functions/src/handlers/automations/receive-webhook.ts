import { MAX_ID_LENGTH } from '@agentforge/shared';
import * as z from 'zod';
import { httpRoute } from '../../http/http-route.js';
import { bearerSecret, receiveWebhook, WEBHOOK_ROUTE_OPTIONS } from './webhook-request.js';

/**
 * POST /automation-hooks/{id} with `Authorization: Bearer <secret>` (public: no sign-in; API
 * Gateway and the WAF in front): the body, at most MAX_WEBHOOK_BODY_BYTES (413 before anything
 * reads it), starts a run of the automation with the body as its input. A missing or wrong secret
 * and an unknown id are the same 404. 202 once the runner has the event; the run (source `webhook`)
 * is in the automation's Runs. The secret is in a header so that no access log records it.
 */
export const handler = httpRoute(
  { ...WEBHOOK_ROUTE_OPTIONS, params: z.object({ id: z.string().min(1).max(MAX_ID_LENGTH) }) },
  ({ event, params }) => receiveWebhook(event, params.id, bearerSecret(event)),
);
