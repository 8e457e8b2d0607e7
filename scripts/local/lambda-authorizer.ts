import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
  PolicyDocument,
} from 'aws-lambda';
import { type LocalRequest, lambdaContext, restProxyEvent } from './api-gateway-event.js';
import { importHandler } from './function-modules.js';

/** The routes declared `auth: 'automation'` (routes.ts) are checked by this handler, as on AWS. */
const AUTOMATION_AUTHORIZER_MODULE = 'mcp-gateway/automation-authorizer.ts';

type RequestAuthorizer = (
  event: APIGatewayRequestAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

type AuthorizerVerdict =
  | { allowed: true; context: Record<string, unknown> }
  | { allowed: false; status: number; body: { code: string; message: string } };

/**
 * API Gateway's Lambda REQUEST authorizer, locally: the same handler, given the event API Gateway
 * builds (the request's headers and path parameters, the method's ARN); its 'Unauthorized' is 401,
 * a policy that does not allow the method 403, any other failure 500 (API Gateway's
 * AuthorizerFailure). Allowed, the integration sees its context (and principalId) on
 * `requestContext.authorizer`, as on AWS. Nothing is cached (the stack's TTL is 0 too).
 */
export async function runAutomationAuthorizer(
  request: LocalRequest,
  resource: string,
  pathParameters: Record<string, string>,
): Promise<AuthorizerVerdict> {
  const {
    body: _body,
    isBase64Encoded: _base64,
    ...base
  } = restProxyEvent(request, resource, pathParameters, undefined);
  const methodArn = `arn:aws:execute-api:us-east-1:000000000000:local/local/${request.method}${request.url.pathname}`;
  const event: APIGatewayRequestAuthorizerEvent = {
    ...base,
    type: 'REQUEST',
    methodArn,
    requestContext: { ...base.requestContext, authorizer: undefined },
  };
  const handler = (await importHandler(AUTOMATION_AUTHORIZER_MODULE)) as RequestAuthorizer;
  let result: APIGatewayAuthorizerResult;
  try {
    result = await handler(event, lambdaContext('local-automation-authorizer', 10_000));
  } catch (error) {
    if (error instanceof Error && error.message === 'Unauthorized')
      return { allowed: false, status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } };
    console.error('[local-api] the automation authorizer failed', error);
    return { allowed: false, status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } };
  }
  if (!allows(result.policyDocument, methodArn)) {
    return {
      allowed: false,
      status: 403,
      body: { code: 'FORBIDDEN', message: 'User is not authorized to access this resource' },
    };
  }
  return { allowed: true, context: { ...result.context, principalId: result.principalId } };
}

/** IAM's evaluation, for the one action: some Allow matches the method's ARN, and no Deny does. */
function allows(policy: PolicyDocument, methodArn: string): boolean {
  const matching = policy.Statement.filter((statement) => {
    const resources = 'Resource' in statement ? [statement.Resource].flat() : [];
    const actions = 'Action' in statement ? [statement.Action].flat() : [];
    return (
      actions.some((action) => glob(action ?? '').test('execute-api:Invoke')) &&
      resources.some((resource) => glob(resource ?? '').test(methodArn))
    );
  });
  return (
    matching.some((statement) => statement.Effect === 'Allow') &&
    !matching.some((statement) => statement.Effect === 'Deny')
  );
}

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
