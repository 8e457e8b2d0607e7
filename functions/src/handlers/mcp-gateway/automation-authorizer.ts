import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { gatewayCredentialVerifier } from '../../composition/gateway-credentials.js';
import { UnauthorizedError } from '../../domain/errors.js';
import { toAuthorizerContext } from './automation-context.js';

/**
 * API Gateway's Lambda REQUEST authorizer on the `/mcp-automation` routes (docs/decisions/mcp-servers.md,
 * "Automations through the gateway"): checks an automation run's credential (`Authorization:
 * Bearer afrun1…`) for the path's server, outside the servers' VPC (KMS VerifyMac on AWS, the local
 * HMAC locally), and allows this one method with the run's claims as the context the gateway reads
 * (automation-context.ts). Anything else is 'Unauthorized', which API Gateway answers with 401; a
 * failure to check (KMS unreachable) throws as it is, a 500. Results are not cached: the verdict
 * depends on the path's server and the credential's expiry.
 */
export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const header = event.headers?.Authorization ?? event.headers?.authorization;
  const token = header?.replace(/^Bearer\s+/i, '');
  let claims: Awaited<ReturnType<ReturnType<typeof gatewayCredentialVerifier>>>;
  try {
    claims = await gatewayCredentialVerifier()(token, event.pathParameters?.serverId ?? '');
  } catch (error) {
    // API Gateway's own words for a 401 from a Lambda authorizer.
    if (error instanceof UnauthorizedError) throw new Error('Unauthorized');
    throw error;
  }
  return {
    principalId: claims.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context: toAuthorizerContext(claims),
  };
}
