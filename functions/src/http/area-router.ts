import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { NotFoundError } from '../domain/errors.js';
import { type ApiArea, type AreaHandlers, handlerKey, routeKey, routesOf } from '../routes.js';
import { toHttpError } from './error-mapping.js';

type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * One Lambda per API area (stream routes are Lambdas of their own): dispatches on API Gateway's
 * `${httpMethod} ${resource}` to the handlers named for this area in the route manifest, each
 * given under its camel-cased name (`create-server` as `createServer`). The type admits exactly
 * the manifest's handlers; a missing one still fails at cold start.
 */
export function createAreaRouter<A extends ApiArea>(
  area: A,
  handlers: AreaHandlers<A, RouteHandler>,
): RouteHandler {
  const byName = handlers as Readonly<Record<string, RouteHandler | undefined>>;
  const table = new Map<string, RouteHandler>();
  for (const route of routesOf(area).filter((r) => r.transport !== 'stream')) {
    const handler = byName[handlerKey(route.handler)];
    if (!handler) throw new Error(`Area '${area}' has no handler '${route.handler}' for ${routeKey(route)}`);
    table.set(routeKey(route), handler);
  }
  return async (event, context) => {
    const handler = table.get(`${event.httpMethod} ${event.resource}`);
    if (handler) return handler(event, context);
    const { statusCode, body } = toHttpError(new NotFoundError('Not found'));
    return { statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  };
}
