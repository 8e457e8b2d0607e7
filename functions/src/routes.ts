/**
 * The route manifest: every API route named once. The CDK API construct generates API Gateway
 * resources and methods from it, and the local server dispatches requests with it, so the two
 * cannot drift. Paths are relative to API_BASE_PATH. Each area is one Lambda whose entry is
 * `functions/src/handlers/<area>/index.ts`, exporting `handler` (a router over its routes).
 */

import { ACCOUNT_ROUTES } from './routes/account.js';
import { AGENT_ROUTES } from './routes/agent.js';
import { API_KEYS_ROUTES } from './routes/api-keys.js';
import { AUDIT_ROUTES } from './routes/audit.js';
import { AUTOMATIONS_ROUTES } from './routes/automations.js';
import { BILLING_ROUTES } from './routes/billing.js';
import { CONVERSATIONS_ROUTES } from './routes/conversations.js';
import { GITHUB_ROUTES } from './routes/github.js';
import { KNOWLEDGE_ROUTES } from './routes/knowledge.js';
import { MCP_ROUTES } from './routes/mcp.js';
import { MCP_GATEWAY_ROUTES } from './routes/mcp-gateway.js';
import { MESSAGES_ROUTES } from './routes/messages.js';
import { PROMPTS_ROUTES } from './routes/prompts.js';
import type { ApiArea, RouteDefinition } from './routes/route-definition.js';
import { TEAMS_ROUTES } from './routes/teams.js';
import { USERS_ROUTES } from './routes/users.js';
import { WORKSPACE_ROUTES } from './routes/workspace.js';

export const API_BASE_PATH = '/api';

/**
 * API Gateway's API key header. On AWS every method requires the stage's one key, which only
 * CloudFront (an origin custom header) and the stream functions (`API_ORIGIN_KEY`) hold: the
 * regional execute-api URL refuses everyone else, so the WAF in front of CloudFront cannot be
 * skipped and CloudFront's viewer-address header cannot be forged (docs/decisions/aws.md).
 */
export const API_KEY_HEADER = 'x-api-key';

export {
  API_AREAS,
  type ApiArea,
  type HttpMethod,
  type RouteDefinition,
} from './routes/route-definition.js';

const MANIFEST = [
  ...USERS_ROUTES,
  ...CONVERSATIONS_ROUTES,
  ...MESSAGES_ROUTES,
  ...AGENT_ROUTES,
  ...API_KEYS_ROUTES,
  ...MCP_ROUTES,
  ...MCP_GATEWAY_ROUTES,
  ...GITHUB_ROUTES,
  ...WORKSPACE_ROUTES,
  ...PROMPTS_ROUTES,
  ...AUTOMATIONS_ROUTES,
  ...KNOWLEDGE_ROUTES,
  ...BILLING_ROUTES,
  ...TEAMS_ROUTES,
  ...AUDIT_ROUTES,
  ...ACCOUNT_ROUTES,
] as const satisfies readonly RouteDefinition[];

export const ROUTES: readonly RouteDefinition[] = MANIFEST;

type ManifestRoute = (typeof MANIFEST)[number];

/** The handler modules the manifest names for an area's router (its buffered routes). */
export type AreaHandlerName<A extends ApiArea> = Exclude<
  Extract<ManifestRoute, { area: A }>,
  { transport: 'stream' }
>['handler'];

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `create-server` -> `createServer`: the name an area's index imports a handler module's handler as. */
export const handlerKey = <N extends string>(name: N): CamelCase<N> =>
  name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<N>;

/**
 * An area router's handlers, keyed by the camel-cased handler names of the manifest: exactly
 * those, so a route without its handler, or a handler without its route, does not compile.
 */
export type AreaHandlers<A extends ApiArea, H> = { readonly [N in AreaHandlerName<A> as CamelCase<N>]: H };

export function routesOf(area: ApiArea): RouteDefinition[] {
  return ROUTES.filter((route) => route.area === area);
}

/** The key an area router dispatches on: API Gateway's `${httpMethod} ${resource}`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE_PATH}${route.path}`;
}
