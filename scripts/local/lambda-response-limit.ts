import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * Lambda's limit on a synchronous invocation's response, measured on the serialized result (the
 * proxy result's JSON, its `body` string included): "6 MB", exactly 6,291,556 bytes.
 */
export const MAX_LAMBDA_RESPONSE_BYTES = 6_291_556;

/** The invocation error Lambda reports (Function.ResponseSizeTooLarge) when a result passes it. */
export const RESPONSE_TOO_LARGE_MESSAGE = `Response payload size exceeded maximum allowed payload size (${MAX_LAMBDA_RESPONSE_BYTES} bytes).`;

/**
 * Lambda's limit on a synchronous invocation's request, the event's JSON (headers and request
 * context included, not just the body): 6,291,456 bytes, 100 fewer than a response may have. API
 * Gateway forwards bodies up to its own 10 MB, so a body between the two reaches Lambda and is
 * refused there (RequestTooLargeException), before the function runs; the client gets a 413.
 */
export const MAX_LAMBDA_REQUEST_BYTES = 6_291_456;

/** Whether Lambda refuses to invoke a function with `event` (too large a request payload). */
export function eventTooLarge(event: unknown): boolean {
  return Buffer.byteLength(JSON.stringify(event)) > MAX_LAMBDA_REQUEST_BYTES;
}

export type ProxyResponse = { statusCode: number; headers: Record<string, string>; body: string | Buffer };

/**
 * What API Gateway answers for a buffered Lambda's result: the result itself, or, when it is
 * larger than Lambda allows, the invocation fails and the proxy integration answers 502 with its
 * generic body (the client never sees the result, nor why).
 */
export function proxyResponseOf(result: APIGatewayProxyResult): ProxyResponse & { tooLarge: boolean } {
  if (Buffer.byteLength(JSON.stringify(result)) > MAX_LAMBDA_RESPONSE_BYTES) {
    return {
      tooLarge: true,
      statusCode: 502,
      headers: { 'Content-Type': 'application/json', 'x-amzn-ErrorType': 'InternalServerErrorException' },
      body: JSON.stringify({ message: 'Internal server error' }),
    };
  }
  return {
    tooLarge: false,
    statusCode: result.statusCode,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)])),
    body: result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body,
  };
}
