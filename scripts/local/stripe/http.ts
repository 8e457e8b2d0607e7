import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION, type LocalStripeContext, newId, StripeError } from './state.js';

/** A hosted page (checkout, portal): true when it answered the request. */
export type PageRoute = (
  ctx: LocalStripeContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => Promise<boolean>;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new StripeError(413, 'invalid_request_error', 'Request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': newId('req'),
    'Stripe-Version': API_VERSION,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** Stripe's error body for any failure (an unexpected one is a 500 `api_error`, logged). */
export function sendError(res: ServerResponse, error: unknown): void {
  if (!(error instanceof StripeError)) console.error('[local-stripe]', error);
  const e =
    error instanceof StripeError ? error : new StripeError(500, 'api_error', 'An unknown error occurred.');
  if (res.headersSent) return void res.end();
  sendJson(res, e.status, {
    error: {
      type: e.type,
      message: e.message,
      ...(e.code ? { code: e.code } : {}),
      ...(e.param ? { param: e.param } : {}),
    },
  });
}

/**
 * `redirectsTo`: where a form of the page may lead after its POST (browsers hold a form's
 * redirect to form-action too, so the checkout names the app's success URL's origin).
 */
export function sendHtml(res: ServerResponse, status: number, html: string, redirectsTo?: string): true {
  const formAction = ["'self'", ...(redirectsTo ? [new URL(redirectsTo).origin] : [])].join(' ');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
  });
  res.end(html);
  return true;
}
