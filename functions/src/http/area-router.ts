import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { NotFoundError } from '../domain/errors.js';
import { type ApiArea, routeKey, routesOf } from '../routes.js';
import { toHttpError } from './error-mapping.js';

type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * One Lambda per API area (stream routes are Lambdas of their own): dispatches on API Gateway's `${httpMethod} ${resource}` to the
 * handlers named for this area in the route manifest. Fails at cold start if one is missing.
 */
export function createAreaRouter(area: ApiArea, handlers: Record<string, RouteHandler>): RouteHandler {
  const table = new Map<string, RouteHandler>();
  for (const route of routesOf(area).filter((r) => r.transport !== 'stream')) {
    const handler = handlers[route.handler];
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
