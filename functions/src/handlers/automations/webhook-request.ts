import { AUTOMATION_MESSAGES, MAX_WEBHOOK_BODY_BYTES } from '@agentforge/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { webhookService } from '../../composition/automations.js';
import { ValidationError } from '../../domain/errors.js';

/** Both webhook routes: public, the body size-checked (413 past 64 KB) before anything parses it. */
export const WEBHOOK_ROUTE_OPTIONS = {
  requireCaller: false,
  bodyFormat: 'raw',
  maxBodyBytes: MAX_WEBHOOK_BODY_BYTES,
  tooLargeMessage: AUTOMATION_MESSAGES.webhookBodyTooLarge,
} as const;

const headerOf = (event: APIGatewayProxyEvent, name: string) =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/** The secret of `Authorization: Bearer <secret>`; anything else is '' (which no secret matches). */
export function bearerSecret(event: APIGatewayProxyEvent): string {
  const match = /^Bearer\s+(\S{1,128})\s*$/i.exec(headerOf(event, 'authorization') ?? '');
  return match?.[1] ?? '';
}

/** The body as text: UTF-8, and JSON when the sender says it is (the run's input, untrusted). */
function webhookInput(event: APIGatewayProxyEvent): string {
  if (!event.body) return '';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8'),
    );
  } catch {
    throw new ValidationError('A webhook body must be UTF-8 text');
  }
  if (headerOf(event, 'content-type')?.toLowerCase().includes('json')) {
    try {
      JSON.parse(text);
    } catch {
      throw new ValidationError('Request body is not valid JSON');
    }
  }
  return text;
}

/** Checks the secret (one 404 for any mismatch), then starts the run with the body as its input: 202. */
export async function receiveWebhook(event: APIGatewayProxyEvent, automationId: string, secret: string) {
  const input = webhookInput(event);
  await webhookService().receive(automationId, secret, input);
  return { statusCode: 202, body: { automationId, status: 'queued' } };
}
