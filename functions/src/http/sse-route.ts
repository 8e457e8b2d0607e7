import { PassThrough } from 'node:stream';
import { encodeStreamEvent, formatIssues, SSE_PING_FRAME, STREAM_PING_INTERVAL_MS } from '@agentforge/shared';
import middy from '@middy/core';
import { executionModeStreamifyResponse } from '@middy/core/StreamifyResponse';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { en } from 'zod/locales';
import { streamGate } from '../composition/access.js';
import { idTokenVerifier, prefetchIdTokenKeys } from '../composition/identity.js';
import { type Caller, isEmailVerifiedClaim } from '../domain/caller.js';
import { type Emit, withReplyDeadline } from '../domain/chat/reply-run.js';
import { ValidationError } from '../domain/errors.js';
import { logger, withRequestContext } from '../logger.js';
import { emitMetrics, METRIC } from '../metrics.js';
import { requestClient } from './client.js';
import { toHttpError } from './error-mapping.js';

// The shared schemas are zod/mini, which sets no locale; bundled (sideEffects: false) a handler
// may keep none of classic zod's English either: a request's issues read as they always did.
z.config(en());

interface StreamResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string | PassThrough;
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, no-transform',
  'X-Accel-Buffering': 'no',
};

/** CloudFront OAC overwrites Authorization, so behind it the token travels in X-Id-Token. */
function idTokenOf(headers: APIGatewayProxyEventV2['headers']): string | undefined {
  const bearer = headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  return headers['x-id-token'] ?? bearer;
}

/** The longest a stream runs when MAX_STREAM_SECONDS is not set: well inside the 15-minute Lambda timeout. */
export const DEFAULT_MAX_STREAM_SECONDS = 600;

/** MAX_STREAM_SECONDS in milliseconds (read per stream, so the local stack and tests may set it). */
function maxStreamMs(): number {
  const seconds = Number(process.env.MAX_STREAM_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_MAX_STREAM_SECONDS) * 1000;
}

/**
 * A response-streaming route behind a Function URL (the chat's reply, an agent's plan or step).
 * It verifies the ID token itself and validates the query; errors found before the stream starts
 * are plain JSON responses with their status; after that everything is an SSE event, flushed as it
 * happens, with a ping comment so proxies never time out. A reply still generating
 * MAX_STREAM_SECONDS after the request came in is stopped and saved, and the stream ends with an
 * `error` event saying so (runReply, through withReplyDeadline): the function never reaches its
 * own timeout mid-reply, which would leave the message `streaming`.
 */
export function sseRoute<Q>(
  querySchema: z.core.$ZodType<Q>,
  /**
   * Prepares the stream. `admitted` settles once the access gate has let the caller in: `start`
   * may read before it (so the gate's read and the stream's run side by side) but awaits it
   * before its first write.
   */
  start: (
    caller: Caller,
    query: Q,
    admitted: Promise<void>,
  ) => Promise<{ run: (emit: Emit) => Promise<void> }>,
) {
  prefetchIdTokenKeys();
  return middy<APIGatewayProxyEventV2, StreamResponse>({ executionMode: executionModeStreamifyResponse })
    .use(withRequestContext())
    .handler(async (event: APIGatewayProxyEventV2) => {
      const requestedAt = Date.now();
      const deadline = new AbortController();
      const deadlineTimer = setTimeout(() => deadline.abort(), maxStreamMs());
      let started: { run: (emit: Emit) => Promise<void> };
      try {
        const idToken = idTokenOf(event.headers);
        const claims = await idTokenVerifier().verify(idToken);
        const query = z.safeParse(querySchema, event.queryStringParameters ?? {});
        if (!query.success) {
          throw new ValidationError(`Invalid query: ${formatIssues(query.error.issues)}`);
        }
        const caller: Caller = {
          userId: claims.sub,
          email: claims.email,
          emailVerified: isEmailVerifiedClaim(claims.email_verified),
          idToken,
          client: requestClient(
            event.headers,
            event.requestContext.http.sourceIp,
            event.requestContext.http.userAgent,
          ),
        };
        // The API's gate, on the pass the stream may read (a deleted account, the waitlist), read
        // alongside the stream's own checks; its refusal wins, as when it ran first.
        const admitted = streamGate().assertAllowed(caller);
        admitted.catch(() => undefined); // awaited just below
        const starting = start(caller, query.data, admitted);
        starting.catch(() => undefined); // awaited once the gate has answered
        await admitted;
        started = await starting;
      } catch (error) {
        clearTimeout(deadlineTimer);
        const { statusCode, body } = toHttpError(error);
        if (statusCode >= 500) emitMetrics({ [METRIC.streamErrors]: { value: 1, unit: 'Count' } });
        return { statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      }

      const body = new PassThrough();
      const ping = setInterval(() => body.write(SSE_PING_FRAME), STREAM_PING_INTERVAL_MS);
      let firstTokenAt: number | undefined;
      let failed = false;
      const emit: Emit = (streamEvent) => {
        if (streamEvent.type === 'message_delta') firstTokenAt ??= Date.now();
        if (streamEvent.type === 'error') failed = true;
        body.write(encodeStreamEvent(streamEvent));
      };
      withReplyDeadline(deadline.signal, () => started.run(emit))
        .catch((error: unknown) => {
          failed = true;
          logger.error('Stream failed', error);
        })
        .finally(() => {
          clearTimeout(deadlineTimer);
          clearInterval(ping);
          body.end();
          emitMetrics({
            [METRIC.streamDuration]: { value: Date.now() - requestedAt, unit: 'Milliseconds' },
            [METRIC.streamErrors]: { value: failed ? 1 : 0, unit: 'Count' },
            ...(firstTokenAt === undefined
              ? {}
              : { [METRIC.firstTokenLatency]: { value: firstTokenAt - requestedAt, unit: 'Milliseconds' } }),
          });
        });
      return { statusCode: 200, headers: SSE_HEADERS, body };
    });
}
