import { PassThrough } from 'node:stream';
import {
  encodeStreamEvent,
  formatIssues,
  SSE_PING_FRAME,
  STREAM_PING_INTERVAL_MS,
  type StreamEvent,
  streamQuerySchema,
} from '@agentforge/shared';
import middy from '@middy/core';
import { executionModeStreamifyResponse } from '@middy/core/StreamifyResponse';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { chatService } from '../../composition/chat.js';
import { idTokenVerifier } from '../../composition/identity.js';
import { ValidationError } from '../../domain/errors.js';
import { toHttpError } from '../../http/error-mapping.js';
import { logger, withRequestContext } from '../../logger.js';

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

/**
 * GET /messages/generate-stream: a response-streaming Lambda behind a Function URL. Errors found
 * before the reply starts are plain JSON responses with their status; after that everything is
 * an SSE event, flushed as it happens, with a ping comment so proxies never time out.
 */
export const handler = middy<APIGatewayProxyEventV2, StreamResponse>({
  executionMode: executionModeStreamifyResponse,
})
  .use(withRequestContext())
  .handler(async (event: APIGatewayProxyEventV2) => {
    let started: Awaited<ReturnType<ReturnType<typeof chatService>['start']>>;
    try {
      const idToken = idTokenOf(event.headers);
      const claims = await idTokenVerifier().verify(idToken);
      const query = streamQuerySchema.safeParse(event.queryStringParameters ?? {});
      if (!query.success) {
        throw new ValidationError(`Invalid query: ${formatIssues(query.error.issues)}`);
      }
      started = await chatService().start({ userId: claims.sub, email: claims.email, idToken }, query.data);
    } catch (error) {
      const { statusCode, body } = toHttpError(error);
      return { statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    }

    const body = new PassThrough();
    const emit = (streamEvent: StreamEvent) => body.write(encodeStreamEvent(streamEvent));
    const ping = setInterval(() => body.write(SSE_PING_FRAME), STREAM_PING_INTERVAL_MS);
    started
      .run(emit)
      .catch((error: unknown) => logger.error('Stream failed', error))
      .finally(() => {
        clearInterval(ping);
        body.end();
      });
    return { statusCode: 200, headers: SSE_HEADERS, body };
  });
