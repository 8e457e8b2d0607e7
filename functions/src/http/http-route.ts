import { formatIssues } from '@agentforge/shared';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import { en } from 'zod/locales';
import { accessGate } from '../composition/access.js';
import { type Caller, isEmailVerifiedClaim } from '../domain/caller.js';
import { PayloadTooLargeError, UnauthorizedError, ValidationError } from '../domain/errors.js';
import { withRequestContext } from '../logger.js';
import { type RequestClient, requestClient } from './client.js';
import { toHttpError } from './error-mapping.js';

// The shared schemas are zod/mini, which sets no locale; bundled (sideEffects: false) a handler
// may keep none of classic zod's English either: a request's issues read as they always did.
z.config(en());

/** API Gateway accepts 10 MB; nothing in this API needs more than this. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpRequest<TBody, TQuery, TParams> {
  body: TBody;
  query: TQuery;
  params: TParams;
  /** The verified caller; routes declared `auth: 'public'` get none. */
  caller: Caller;
  event: APIGatewayProxyEvent;
}

export interface HttpResult {
  statusCode: number;
  body?: unknown;
  /** Added to the JSON headers (a redirect's Location), or replacing them (a download's Content-Type). */
  headers?: Record<string, string>;
  /** A body sent as it is instead of `body` as JSON (a CSV download); set its Content-Type in `headers`. */
  text?: string;
}

export const ok = (body: unknown): HttpResult => ({ statusCode: 200, body });
export const created = (body: unknown): HttpResult => ({ statusCode: 201, body });
export const noContent = (): HttpResult => ({ statusCode: 204 });
/** 302 to `location` (a presigned download): never cached, never sniffed. */
export const found = (location: string): HttpResult => ({
  statusCode: 302,
  headers: { Location: location, 'X-Content-Type-Options': 'nosniff' },
});

export interface RouteSchemas<TBody, TQuery, TParams> {
  body?: z.core.$ZodType<TBody>;
  query?: z.core.$ZodType<TQuery>;
  params?: z.core.$ZodType<TParams>;
  /** Default true: the caller must carry Cognito claims (the API Gateway authorizer put them there). */
  requireCaller?: boolean;
  /**
   * `members` (default): the product's routes, refused (403) to a waitlisted caller on a waitlist
   * stage; `everyone`: the account's own routes (user check, onboarding, waitlist form, profile,
   * deletion), which a waitlisted user needs; `deletedToo`: also a deleted account's token (its
   * deletion job's state, which the page that asked follows to the end).
   */
  access?: 'members' | 'everyone' | 'deletedToo';
  /** A route with a larger body (a recording) than MAX_BODY_BYTES; its schema caps the field itself. */
  maxBodyBytes?: number;
  /** The 413's message past maxBodyBytes (default: the byte count). */
  tooLargeMessage?: string;
  /** `raw`: the body is size-checked only, not parsed (a webhook's, read from `event`); default `json`. */
  bodyFormat?: 'json' | 'raw';
}

const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };

/**
 * The one HTTP middleware stack: parse and validate input with the route's zod schemas, take the
 * caller from the authorizer's claims, serialise the result, and map every error in one place.
 */
export function httpRoute<TBody = undefined, TQuery = undefined, TParams = undefined>(
  schemas: RouteSchemas<TBody, TQuery, TParams>,
  fn: (request: HttpRequest<TBody, TQuery, TParams>) => Promise<HttpResult>,
) {
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(withRequestContext())
    .use({
      onError: (request) => {
        const { statusCode, body } = toHttpError(request.error);
        request.response = { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
      },
    })
    .handler(async (event) => {
      const text = bodyText(event, schemas.maxBodyBytes ?? MAX_BODY_BYTES, schemas.tooLargeMessage);
      const body =
        schemas.bodyFormat === 'raw'
          ? (undefined as TBody)
          : parsePart('request body', schemas.body, parseJson(text));
      const query = parsePart('query', schemas.query, event.queryStringParameters ?? {});
      const params = parsePart('path', schemas.params, event.pathParameters ?? {});
      const caller = callerOf(event, schemas.requireCaller ?? true);
      if (caller.userId) await accessGate().assertAllowed(caller, schemas.access ?? 'members');
      const result = await fn({ body, query, params, caller, event });
      return {
        statusCode: result.statusCode,
        headers: { ...JSON_HEADERS, ...result.headers },
        body: result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body)),
      };
    });
  // The route's schemas stay readable on its handler (the fuzz test finds record-valued fields with them).
  return Object.assign(handler, { schemas });
}

/** The body as sent, refused (413) past `maxBytes` before anything reads it. */
function bodyText(event: APIGatewayProxyEvent, maxBytes: number, tooLarge?: string): string | undefined {
  if (!event.body) return undefined;
  const bytes = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').length
    : Buffer.byteLength(event.body);
  if (bytes > maxBytes)
    throw new PayloadTooLargeError(tooLarge ?? `Request body is larger than ${maxBytes} bytes`);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text, refusePrototypeKey);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError('Request body is not valid JSON', { cause: error });
  }
  return body;
}

export const PROTOTYPE_KEY_MESSAGE = 'Request body: "__proto__" cannot be used as a key.';

/**
 * JSON.parse makes `__proto__` an ordinary key, but the first object spread or assignment of it
 * (zod's records, the DynamoDB unmarshaller) would set a prototype instead, or drop the value: such
 * a key is refused before anything reads the body. Other keys (`constructor`, `toString`) are kept.
 */
function refusePrototypeKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new ValidationError(PROTOTYPE_KEY_MESSAGE);
  return value;
}

function parsePart<T>(part: string, schema: z.core.$ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new ValidationError(`Invalid ${part}: ${formatIssues(result.error.issues)}`, { cause: result.error });
}

function callerOf(event: APIGatewayProxyEvent, required: boolean): Caller {
  const claims = event.requestContext.authorizer?.claims as Record<string, unknown> | undefined;
  const userId = claims?.sub;
  if (typeof userId !== 'string' || !userId) {
    if (required) throw new UnauthorizedError();
    return { userId: '', email: '' };
  }
  const username = claims?.['cognito:username'];
  return {
    userId,
    email: typeof claims?.email === 'string' ? claims.email : '',
    emailVerified: isEmailVerifiedClaim(claims?.email_verified),
    ...(typeof username === 'string' && username ? { username } : {}),
    client: clientOf(event),
  };
}

/** The request's source address and User-Agent (see http/client.ts). */
export function clientOf(event: APIGatewayProxyEvent): RequestClient {
  return requestClient(
    event.headers,
    event.requestContext.identity?.sourceIp,
    event.requestContext.identity?.userAgent ?? undefined,
  );
}
