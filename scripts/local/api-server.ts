import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import type { IdTokenVerifier } from '../../functions/src/adapters/cognito/id-token-verifier.js';
import { ROUTES, type RouteDefinition } from '../../functions/src/routes.js';
import { functionUrlEvent, lambdaContext, restProxyEvent, toLocalRequest } from './api-gateway-event.js';
import { importHandler } from './function-modules.js';
import { runAutomationAuthorizer } from './lambda-authorizer.js';
import { eventTooLarge, proxyResponseOf, RESPONSE_TOO_LARGE_MESSAGE } from './lambda-response-limit.js';
import { installAwsLambdaGlobal, invokeStreaming, isStreamingHandler } from './lambda-streaming.js';
import { close, listen } from './net.js';
import type { Outbox } from './outbox.js';
import { renderOutboxPage } from './outbox-page.js';
import { createRouteMatcher, MalformedPathError } from './route-matcher.js';

/** API Gateway's payload limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** CloudFront refuses longer URLs (path and query) with 414. */
const MAX_URL_BYTES = 8_192;
/** The WAF's common rule set (SizeRestrictions_QUERYSTRING) blocks longer query strings with 403. */
const MAX_QUERY_STRING_BYTES = 2_048;

type BufferedHandler = (event: unknown, context: Context) => Promise<APIGatewayProxyResult>;

export interface LocalApiOptions {
  port: number;
  verifier: IdTokenVerifier;
  allowedOrigins: readonly string[];
  outbox: Outbox;
}

export interface LocalApi {
  url: string;
  stop(): Promise<void>;
}

/**
 * The local stand-in for API Gateway + Lambda (+ the stream Function URL): builds the events
 * the real handlers get on AWS from plain HTTP requests, verifies ID tokens as the Cognito
 * authorizer does, and runs the automation routes' Lambda authorizer as API Gateway does. Routes
 * and handlers come from the route manifest.
 */
export async function startLocalApi(options: LocalApiOptions): Promise<LocalApi> {
  installAwsLambdaGlobal();
  const matcher = createRouteMatcher(ROUTES);
  const load = (route: RouteDefinition) =>
    importHandler(
      route.transport === 'stream' ? `${route.area}/${route.handler}.ts` : `${route.area}/index.ts`,
    );

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[local-api] request failed', error);
      if (!res.headersSent) sendJson(res, 500, { code: 'INTERNAL', message: 'Internal server error' });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyCors(req, res, options.allowedOrigins);
    const refused = refusedAtTheEdge(req.url ?? '/');
    if (refused) return sendJson(res, refused.status, refused.body);
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (url.pathname === '/healthz') return sendJson(res, 200, { ok: true });
    if (url.pathname === '/outbox' || url.pathname === '/outbox.json') {
      // The e-mailed codes: only to this machine, by its loopback name (a rebound DNS name is not).
      if (!isLoopbackRequest(req)) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
      const entries = await options.outbox.read();
      return url.pathname === '/outbox'
        ? sendHtml(res, renderOutboxPage(entries))
        : sendJson(res, 200, entries);
    }

    let matched: ReturnType<typeof matcher.match>;
    try {
      matched = matcher.match(req.method ?? 'GET', url.pathname);
    } catch (error) {
      if (!(error instanceof MalformedPathError)) throw error;
      return sendJson(res, 400, { code: 'BAD_REQUEST', message: error.message });
    }
    const { found, pathExists } = matched;
    if (!found) {
      // API Gateway says 403 'Missing Authentication Token' here; a plain 404/405 is clearer locally.
      return pathExists
        ? sendJson(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' })
        : sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    const body = await readBody(req);
    if (body === undefined) return sendTooLarge(res);
    const request = toLocalRequest(req, body);
    const handler = await load(found.route);

    if (found.route.transport === 'stream') {
      if (!isStreamingHandler(handler)) throw new Error(`${found.route.handler} is not a streaming handler`);
      const event = functionUrlEvent(request);
      if (eventTooLarge(event)) return sendTooLarge(res);
      return invokeStreaming(handler, event, res, lambdaContext(found.route.handler, 900_000));
    }

    let claims: Awaited<ReturnType<IdTokenVerifier['verify']>> | undefined;
    if (found.route.auth === 'cognito') {
      try {
        claims = await options.verifier.verify(bearerToken(request.headers.authorization));
      } catch {
        return sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
      }
    }
    let authorizerContext: Record<string, unknown> | undefined;
    if (found.route.auth === 'automation') {
      const verdict = await runAutomationAuthorizer(request, found.resource, found.pathParameters);
      if (!verdict.allowed) return sendJson(res, verdict.status, verdict.body);
      authorizerContext = verdict.context;
    }
    const event = restProxyEvent(request, found.resource, found.pathParameters, claims, authorizerContext);
    if (eventTooLarge(event)) return sendTooLarge(res);
    const result = await (handler as BufferedHandler)(
      event,
      lambdaContext(`local-${found.route.area}`, 29_000),
    );
    const response = proxyResponseOf(result);
    if (response.tooLarge) {
      console.error(
        `[local-api] ${found.route.handler}: Function.ResponseSizeTooLarge: ${RESPONSE_TOO_LARGE_MESSAGE}`,
      );
    }
    res.writeHead(response.statusCode, response.headers);
    res.end(response.body);
  }

  // Over-long URLs and headers: Node answers 431 itself with no body; say it in JSON, as everywhere.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(
      tooLarge
        ? { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: 'The URL or headers are too large' }
        : { code: 'BAD_REQUEST', message: 'Malformed HTTP request' },
    );
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const port = await listen(server, options.port);
  return { url: `http://127.0.0.1:${port}`, stop: () => close(server) };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackRequest(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? '';
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  return /^(127\.|::1$|::ffff:127\.)/.test(address) && LOOPBACK_HOSTS.has(host);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1] ?? header ?? undefined;
}

function applyCors(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): void {
  const origin = req.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,PATCH,OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization,Content-Type,X-Id-Token');
  res.setHeader('Access-Control-Max-Age', '600');
  // A download's name (the audit export) for the web app on its other origin.
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
}

/** Over API Gateway's 10 MB, or over Lambda's 6 MB request once in the event: refused, nothing run. */
function sendTooLarge(res: ServerResponse): void {
  sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'Request too large' });
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What CloudFront and the WAF in front of the API on AWS refuse before any function runs. */
function refusedAtTheEdge(
  rawUrl: string,
): { status: number; body: { code: string; message: string } } | null {
  if (Buffer.byteLength(rawUrl) > MAX_URL_BYTES) {
    return {
      status: 414,
      body: { code: 'URI_TOO_LONG', message: `The URL is too long (at most ${MAX_URL_BYTES} bytes)` },
    };
  }
  const query = rawUrl.indexOf('?');
  if (query >= 0 && Buffer.byteLength(rawUrl.slice(query + 1)) > MAX_QUERY_STRING_BYTES) {
    return {
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: `The query string is too long (at most ${MAX_QUERY_STRING_BYTES} bytes)`,
      },
    };
  }
  return null;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}
