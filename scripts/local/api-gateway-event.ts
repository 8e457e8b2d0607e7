import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { IdTokenClaims } from '../../functions/src/adapters/cognito/id-token-verifier.js';

/** The pieces of an incoming request the local API needs to build Lambda events. */
export interface LocalRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  sourceIp: string;
}

/**
 * The request as CloudFront passes it on: the viewer's own `CloudFront-*` headers are dropped and
 * `CloudFront-Viewer-Address` (`ip:port`, the audit log's source address) is the socket's, so a
 * client cannot choose the address recorded for it.
 */
export function toLocalRequest(req: IncomingMessage, body: string): LocalRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith('cloudfront-')) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
  headers['cloudfront-viewer-address'] = `${sourceIp}:${req.socket.remotePort ?? 0}`;
  return {
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`),
    headers,
    body,
    sourceIp,
  };
}

const queryOf = (url: URL) => (url.searchParams.size ? Object.fromEntries(url.searchParams) : null);

/**
 * An API Gateway REST proxy event, as the Cognito authorizer would pass it on (its claims), or a
 * Lambda authorizer (its context: lambda-authorizer.ts).
 */
export function restProxyEvent(
  request: LocalRequest,
  resource: string,
  pathParameters: Record<string, string>,
  claims: IdTokenClaims | undefined,
  authorizerContext?: Record<string, unknown>,
): APIGatewayProxyEvent {
  const now = Date.now();
  return {
    resource,
    path: request.url.pathname,
    httpMethod: request.method,
    headers: request.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: queryOf(request.url),
    multiValueQueryStringParameters: request.url.searchParams.size
      ? Object.fromEntries(
          [...request.url.searchParams.keys()].map((k) => [k, request.url.searchParams.getAll(k)]),
        )
      : null,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    body: request.body || null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: claims ? { claims: stringifyClaims(claims) } : (authorizerContext ?? null),
      httpMethod: request.method,
      identity: { sourceIp: request.sourceIp } as APIGatewayProxyEvent['requestContext']['identity'],
      path: request.url.pathname,
      protocol: 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: now,
      resourceId: 'local',
      resourcePath: resource,
      stage: 'local',
    },
  };
}

/** API Gateway hands claims to the integration as strings. */
function stringifyClaims(claims: IdTokenClaims): Record<string, string> {
  return Object.fromEntries(
    Object.entries(claims).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** A Lambda Function URL event (payload 2.0), as CloudFront forwards it to the stream function. */
export function functionUrlEvent(request: LocalRequest): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: request.url.pathname,
    rawQueryString: request.url.search.replace(/^\?/, ''),
    headers: request.headers,
    queryStringParameters: queryOf(request.url) ?? undefined,
    body: request.body || undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: request.url.host,
      domainPrefix: 'local',
      http: {
        method: request.method,
        path: request.url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
