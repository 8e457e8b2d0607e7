import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { UnsupportedError } from 'cognito-local/lib/errors';
import type { Compat, Handler } from './context.js';
import { isCognitoError } from './errors.js';

const ALLOWED_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'authorization',
  'cache-control',
];

/** The browser app runs on another origin and calls the endpoint directly. */
function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader(
    'Access-Control-Expose-Headers',
    'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  );
}

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((header) => header.trim().toLowerCase())
    .filter(Boolean);
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '));
  res.setHeader('Access-Control-Max-Age', '86400');
  res.writeHead(204).end();
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}

// Cognito's JSON protocol sends dates as epoch seconds (as cognito-local's own server does).
function toJson(body: unknown): string {
  return JSON.stringify(body, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
  });
}

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
  };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(toJson(body));
}

function sendError(res: ServerResponse, error: unknown, log: (message: string) => void): void {
  if (isCognitoError(error)) {
    send(res, 400, { __type: error.code, message: error.message }, error.code);
  } else if (error instanceof UnsupportedError) {
    send(res, 500, {
      __type: 'CognitoLocal#Unsupported',
      message: `Cognito Local unsupported feature: ${error.message}`,
    });
  } else if (error instanceof SyntaxError) {
    send(
      res,
      400,
      { __type: 'SerializationException', message: 'Malformed JSON body.' },
      'SerializationException',
    );
  } else {
    log(
      `local cognito: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    send(res, 500, { __type: 'InternalErrorException', message: 'Internal error' }, 'InternalErrorException');
  }
}

export interface RequestHandlerOptions {
  compat: Compat;
  handlers: Record<string, Handler>;
  openIdConfiguration: (userPoolId: string) => object;
  log: (message: string) => void;
}

/** The compatibility layer in front of cognito-local's express app. */
export function createRequestHandler(options: RequestHandlerOptions): RequestListener {
  const { compat, handlers, log } = options;
  return (req, res) => {
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const openId = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec(path);
    if (req.method === 'GET' && openId?.[1]) return send(res, 200, options.openIdConfiguration(openId[1]));
    if (req.method !== 'POST' || path !== '/') return compat.engine.httpApp(req, res);

    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (!target) return send(res, 400, { message: 'Missing or invalid x-amz-target header' });
    readJson(req)
      .then((request) => {
        const handler = handlers[target];
        return handler ? handler(compat, request) : compat.engine.call(target, request);
      })
      .then(
        (body) => send(res, 200, body),
        (error) => sendError(res, error, log),
      );
  };
}
