import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { UnauthorizedError } from '../../domain/errors.js';
import type { GatewayCredentialClaims } from '../../domain/mcp/gateway-credential.js';

/**
 * An automation run's claims as the automation authorizer hands them to the gateway on the
 * `/mcp-automation` routes: API Gateway puts its context's values (strings) on
 * `requestContext.authorizer`, beside its own `principalId` (ignored here).
 */
const contextSchema = z.object({
  userId: z.string().min(1),
  teamId: z.string().min(1).optional(),
  serverId: z.string().min(1),
  runId: z.string().min(1),
});
type AutomationRunContext = z.infer<typeof contextSchema>;

/** The authorizer's side: a verified credential's claims as an API Gateway context. */
export function toAuthorizerContext(claims: GatewayCredentialClaims): Record<string, string> {
  return {
    userId: claims.userId,
    ...(claims.teamId ? { teamId: claims.teamId } : {}),
    serverId: claims.serverId,
    runId: claims.runId,
  };
}

/** The gateway's side: the run the authorizer let through, for `serverId` only; 401 otherwise. */
export function automationRunOf(event: APIGatewayProxyEvent, serverId: string): AutomationRunContext {
  const context = contextSchema.safeParse(event.requestContext.authorizer ?? {});
  if (!context.success || context.data.serverId !== serverId) throw new UnauthorizedError();
  return context.data;
}
