import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { UnsupportedError } from 'cognito-local/lib/errors';
import { type AdminCredentials, isSignedBy } from './admin-auth.js';
import type { Compat, Handler } from './context.js';
import { cognitoError, isCognitoError } from './errors.js';
import { verifyAccessToken } from './tokens.js';

/**
 * What anyone may call: the operations a browser uses (the app's sign-up, sign-in, reset and
 * session calls; the signed-in user's own account, proven by their access token). Everything else
 * (Admin*, List*, pool and client management) needs the local stack's own signed credentials.
 */
const PUBLIC_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'DeleteUser',
]);

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

/** The web app runs on another origin and calls the endpoint directly; no other origin may. */
function applyCors(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): boolean {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader(
    'Access-Control-Expose-Headers',
    'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  );
  return true;
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

const MAX_BODY_BYTES = 256 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new SyntaxError('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const parseJson = (text: string): Record<string, unknown> => (text.trim() === '' ? {} : JSON.parse(text));

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
  /** The web app's origins: the only ones a browser may call from. */
  allowedOrigins: readonly string[];
  /** Who may call the administrative operations (signed requests only). */
  admin: AdminCredentials;
  openIdConfiguration: (userPoolId: string) => object;
  log: (message: string) => void;
}

/** The compatibility layer in front of cognito-local's express app. */
export function createRequestHandler(options: RequestHandlerOptions): RequestListener {
  const { compat, handlers, log } = options;
  return (req, res) => {
    const corsAllowed = applyCors(req, res, options.allowedOrigins);
    if (req.method === 'OPTIONS') {
      return corsAllowed ? answerPreflight(req, res) : res.writeHead(403).end();
    }
    // A page on another origin gets nothing, not even the side effects of a call it cannot read.
    if (req.headers.origin !== undefined && !corsAllowed) {
      return send(res, 403, { __type: 'NotAuthorizedException', message: 'Origin not allowed' });
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const openId = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec(path);
    if (req.method === 'GET' && openId?.[1]) return send(res, 200, options.openIdConfiguration(openId[1]));
    if (req.method === 'GET' && /^\/[^/]+\/\.well-known\/jwks\.json$/.test(path)) {
      return send(res, 200, { keys: [compat.keys.jwk] });
    }
    if (req.method !== 'POST' || path !== '/') {
      return send(res, 404, { __type: 'ResourceNotFoundException', message: 'Not found' });
    }

    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (!target) return send(res, 400, { message: 'Missing or invalid x-amz-target header' });
    readBody(req)
      .then((body) => {
        const request = parseJson(body);
        if (!PUBLIC_OPERATIONS.has(target)) {
          const signed = isSignedBy(options.admin, {
            method: 'POST',
            url: req.url ?? '/',
            headers: req.headers,
            body,
          });
          if (!signed) {
            throw cognitoError(
              'NotAuthorizedException',
              `${target} needs the local stack's own signed credentials`,
            );
          }
        }
        const handler = handlers[target];
        if (handler) {
          return handler(compat, request, {
            sourceIp: req.socket.remoteAddress ?? 'unknown',
            userAgent: String(req.headers['user-agent'] ?? 'unknown'),
          });
        }
        // cognito-local only decodes access tokens: prove them before it acts on them.
        if ('AccessToken' in request) verifyAccessToken(compat.keys, request.AccessToken);
        return compat.engine.call(target, request);
      })
      .then(
        (body) => send(res, 200, body),
        (error) => sendError(res, error, log),
      );
  };
}
