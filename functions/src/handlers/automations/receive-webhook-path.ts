import { MAX_ID_LENGTH } from '@agentforge/shared';
import * as z from 'zod';
import { httpRoute } from '../../http/http-route.js';
import { receiveWebhook, WEBHOOK_ROUTE_OPTIONS } from './webhook-request.js';

/** A secret is 32 random bytes in base64url (43 characters); anything else cannot match. */
const webhookParams = z.object({
  id: z.string().min(1).max(MAX_ID_LENGTH),
  secret: z.string().min(1).max(128),
});

/**
 * POST /automation-hooks/{id}/{secret}: the webhook for a sender that can be given only a URL (no
 * header), with the same checks as POST /automation-hooks/{id}. Its secret is in the path, which
 * CloudFront's standard logs record (docs/decisions/agent.md, "Automation triggers").
 */
export const handler = httpRoute({ ...WEBHOOK_ROUTE_OPTIONS, params: webhookParams }, ({ event, params }) =>
  receiveWebhook(event, params.id, params.secret),
);
