/** What the route manifest (`functions/src/routes.ts`) says of each API route. */
export const API_AREAS = [
  'users',
  'conversations',
  'messages',
  'agent',
  'api-keys',
  'mcp',
  'mcp-gateway',
  'github',
  'workspace',
  'prompts',
  'automations',
  'knowledge',
  'billing',
  'teams',
  'audit',
  'account',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * `cognito`: API Gateway's Cognito user-pools authorizer; `automation`: the Lambda authorizer that
 * checks an automation run's gateway credential (handlers/mcp-gateway/automation-authorizer.ts);
 * `public`: no authorizer (webhooks).
 */
export type RouteAuth = 'cognito' | 'automation' | 'public';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway resource path with `{param}` segments, e.g. `/conversations/{id}`. */
  readonly path: string;
  readonly area: ApiArea;
  /** Handler module name inside the area folder (`handlers/<area>/<handler>.ts`). */
  readonly handler: string;
  readonly auth: RouteAuth;
  /**
   * `stream`: a response-streaming Lambda (Function URL behind CloudFront on AWS) that verifies
   * the ID token itself; its module is `handlers/<area>/<handler>.ts`. Default `buffered`.
   */
  readonly transport?: 'buffered' | 'stream';
}

/** A route of one area's module (`routes/<area>.ts`): naming another area does not compile. */
export type AreaRoute<A extends ApiArea> = RouteDefinition & { readonly area: A };
