import { timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { close, listen } from '../net.js';
import { billingPortalRoutes, portalPage } from './billing-portal.js';
import { checkoutPage, checkoutSessionRoutes } from './checkout-sessions.js';
import { controlRoutes } from './control.js';
import { customerRoutes } from './customers.js';
import { createEventBus } from './events.js';
import { parseForm } from './form.js';
import { readBody, sendError, sendJson } from './http.js';
import { invoiceRoutes } from './invoices.js';
import { meterRoutes } from './meters.js';
import { priceRoutes } from './prices.js';
import { productRoutes } from './products.js';
import { type ApiRoute, emptyState, type LocalStripeContext, type State, StripeError } from './state.js';
import { subscriptionRoutes } from './subscriptions.js';
import { webhookEndpointRoutes } from './webhook-endpoints.js';

/**
 * The local stand-in for Stripe: a small stateful service that speaks the subset of Stripe's HTTP
 * API the product and its setup command use through stripe-node (form-encoded bodies, Bearer
 * secret key, Stripe's object and error shapes, idempotency keys), one module per resource:
 * products, prices, billing meters and meter events, webhook endpoints, customers, Checkout
 * Sessions with a hosted local checkout page, subscriptions, invoices, portal sessions. It starts
 * empty; the local stack creates the catalogue with the setup command's code (scripts/stripe-setup).
 * Completing a checkout, a simulated payment failure or an advanced clock send webhooks
 * (events.ts). State survives restarts in `state.json`. Test controls: control.ts.
 */
export interface LocalStripeOptions {
  port: number;
  dataDir: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the API's /api/stripe/webhook); settable later with setWebhookUrl. */
  webhookUrl?: string;
  /** The pauses before each retry of an undelivered webhook (default: webhook-delivery.ts). */
  webhookRetryDelaysMs?: readonly number[] | undefined;
  quiet?: boolean;
}

export interface LocalStripe {
  /** `http://localhost:<port>` */
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  stop(): Promise<void>;
}

const API_ROUTES: readonly ApiRoute[] = [
  ...productRoutes,
  ...priceRoutes,
  ...meterRoutes,
  ...webhookEndpointRoutes,
  ...customerRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...billingPortalRoutes,
];
const PAGES = [checkoutPage, portalPage];

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, 'state.json');
  // A state file from before a table existed gets it empty.
  const state: State = {
    ...emptyState(),
    ...(existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<State>) : {}),
  };
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  const now = () => Math.floor(Date.now() / 1000) + state.clockOffsetSeconds;
  let baseUrl = '';
  const events = createEventBus({
    state,
    now,
    save,
    log: options.quiet ? () => {} : (message) => console.log(`[local-stripe] ${message}`),
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  const ctx: LocalStripeContext = { state, now, save, emit: events.emit, baseUrl: () => baseUrl };
  const routes = [...API_ROUTES, ...controlRoutes(events)];

  function route(method: string, path: string): { route: ApiRoute; ids: string[] } {
    for (const candidate of routes) {
      const match = candidate.method === method ? path.match(candidate.path) : null;
      if (match) return { route: candidate, ids: match.slice(1) };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function authorized(req: IncomingMessage): boolean {
    const given = Buffer.from((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(options.secretKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    readBody(req)
      .then(async (body) => {
        for (const page of PAGES) if (await page(ctx, req, res, url, body)) return;
        if (!url.pathname.startsWith('/v1/') && !url.pathname.startsWith('/__control/'))
          throw new StripeError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${method}: ${url.pathname}).`,
          );
        if (!authorized(req))
          throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid');
        // stripe-node sends a GET's and a DELETE's parameters in the query string.
        const params =
          method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
        const key = req.headers['idempotency-key'];
        const idemKey = typeof key === 'string' && method === 'POST' ? `${url.pathname}:${key}` : undefined;
        const replay = idemKey ? state.idempotency[idemKey] : undefined;
        if (replay) return sendJson(res, replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
        const { route: found, ids } = route(method, url.pathname);
        const result = await found.handle(ctx, params, ids);
        if (idemKey) state.idempotency[idemKey] = { status: 200, body: result };
        save();
        sendJson(res, 200, result);
      })
      .catch((error: unknown) => sendError(res, error));
  });
  const port = await listen(server, options.port);
  baseUrl = `http://localhost:${port}`;
  save();
  events.resume();
  return {
    url: baseUrl,
    port,
    setWebhookUrl: (url) => events.setWebhookUrl(url),
    stop: () => {
      events.stop();
      return close(server);
    },
  };
}
