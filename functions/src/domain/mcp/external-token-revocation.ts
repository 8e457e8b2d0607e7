import type { TeamEvent } from '../teams/ports.js';
import type { McpServerRepository } from './mcp-server.js';

/** Why an external token stopped working (the audit record's `reason`). */
export type TokenRevocationReason =
  | 'revoked'
  | 'issuer_removed'
  | 'issuer_left'
  | 'issuer_demoted'
  | 'team_deleted';

/**
 * The person whose external tokens a team event ends, and why: a member who was removed, left or
 * was made a User may no longer manage the team's servers. (The gateway checks the issuer's role
 * on every use anyway; clearing their tokens at once is hygiene.)
 */
export function departedIssuer(
  event: TeamEvent,
): { issuerId: string; reason: TokenRevocationReason } | undefined {
  switch (event.type) {
    case 'member.removed':
      return { issuerId: event.targetUserId, reason: 'issuer_removed' };
    case 'member.left':
      return { issuerId: event.actorId, reason: 'issuer_left' };
    case 'member.role_changed':
      return event.to === 'user' ? { issuerId: event.targetUserId, reason: 'issuer_demoted' } : undefined;
    default:
      return undefined;
  }
}

/**
 * Clears the external tokens of `ownerId`'s servers (a user, or a team as `team#<teamId>`) that
 * `issuerId` issued, or every one without `issuerId`; the servers whose token went. A token issued
 * again meanwhile (by someone else) is kept.
 */
export async function revokeTokensIssuedBy(
  servers: Pick<McpServerRepository, 'listByUser' | 'clearExternalToken'>,
  ownerId: string,
  issuerId?: string,
): Promise<string[]> {
  const revoked: string[] = [];
  for (const record of await servers.listByUser(ownerId)) {
    if (!record.externalTokenHash) continue;
    if (issuerId !== undefined && record.externalTokenIssuer !== issuerId) continue;
    if (await servers.clearExternalToken(ownerId, record.serverId, record.externalTokenHash))
      revoked.push(record.serverId);
  }
  return revoked;
}
