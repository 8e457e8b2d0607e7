import type { APIGatewayProxyEvent } from 'aws-lambda';
import { accessGate } from '../../composition/access.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { NotFoundError } from '../../domain/errors.js';
import { SERVER_NOT_FOUND } from '../../domain/mcp/server-config.js';
import { teamOwnerId } from '../../domain/teams/roles.js';
import { clientOf } from '../../http/http-route.js';
import { ownsServer } from '../mcp/params.js';
import { automationRunOf } from './automation-context.js';

/**
 * Whom a gateway request acts as on `serverId`: its owner, or the team owning it when the caller
 * is a member who may use it (team-scope.ts). The caller is the Cognito authorizer's (the chat's
 * routes, `/mcp-gateway`), or else the automation run whose credential the automation authorizer
 * checked (`/mcp-automation`: automation-authorizer.ts), which acts only as the person it names, on
 * the one server it names, in the space it names (their own, or the team's): the chat's rules, no more.
 */
export async function serverActor(
  caller: Caller,
  event: APIGatewayProxyEvent,
  serverId: string,
): Promise<Caller> {
  if (caller.userId) return teamScope().resolve(caller, 'use', ownsServer(caller, serverId));
  const claims = automationRunOf(event, serverId);
  const person: Caller = { userId: claims.userId, email: '', client: clientOf(event) };
  // A deleted (or, on a waitlist stage, not admitted) account's automation reaches nothing.
  await accessGate().assertAllowed(person, 'members');
  const actor = await teamScope().resolve(person, 'use', ownsServer(person, serverId));
  const space = claims.teamId ? teamOwnerId(claims.teamId) : claims.userId;
  // Another space's server is not this run's: not found, as any server that is not the caller's.
  if (actor.userId !== space) throw new NotFoundError(SERVER_NOT_FOUND);
  return actor;
}
