import { AUTOMATION_MESSAGES, MAX_ID_LENGTH, MAX_WEBHOOK_BODY_BYTES } from '@agentforge/shared';
import * as z from 'zod';
import { webhookService } from '../../composition/automations.js';
import { ValidationError } from '../../domain/errors.js';
import { httpRoute } from '../../http/http-route.js';

/** A secret is 32 random bytes in base64url (43 characters); anything else cannot match. */
const webhookParams = z.object({
  id: z.string().min(1).max(MAX_ID_LENGTH),
  secret: z.string().min(1).max(128),
});

/** The body as text: UTF-8, and JSON when the sender says it is (the run's input, untrusted). */
function webhookInput(body: string | null, base64: boolean, contentType: string | undefined): string {
  if (!body) return '';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(body, base64 ? 'base64' : 'utf8'));
  } catch {
    throw new ValidationError('A webhook body must be UTF-8 text');
  }
  if (contentType?.toLowerCase().includes('json')) {
    try {
      JSON.parse(text);
    } catch {
      throw new ValidationError('Request body is not valid JSON');
    }
  }
  return text;
}

/**
 * POST /automation-hooks/{id}/{secret} (public: no sign-in; API Gateway and the WAF in front): the
 * body, at most MAX_WEBHOOK_BODY_BYTES (413 before anything reads it), starts a run of the
 * automation with the body as its input. 202 once the runner has the event; the run itself
 * (source `webhook`) is in the automation's Runs.
 */
export const handler = httpRoute(
  {
    params: webhookParams,
    requireCaller: false,
    bodyFormat: 'raw',
    maxBodyBytes: MAX_WEBHOOK_BODY_BYTES,
    tooLargeMessage: AUTOMATION_MESSAGES.webhookBodyTooLarge,
  },
  async ({ event, params }) => {
    const contentType = Object.entries(event.headers ?? {}).find(
      ([name]) => name.toLowerCase() === 'content-type',
    )?.[1];
    const input = webhookInput(event.body, event.isBase64Encoded, contentType);
    await webhookService().receive(params.id, params.secret, input);
    return { statusCode: 202, body: { automationId: params.id, status: 'queued' } };
  },
);
