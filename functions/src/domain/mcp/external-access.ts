import { createHash, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../caller.js';
import { ConflictError, UnauthorizedError } from '../errors.js';
import { can, TEAM_OWNER_PREFIX } from '../teams/roles.js';
import type { TeamMemberships } from '../teams/team-scope.js';
import type { McpServerRecord, McpServerRepository } from './mcp-server.js';
import type { ServerConfig } from './server-config.js';
import { newToken } from './server-lifecycle.js';

/** Activity is written at most this often per server (every tool call would be one write otherwise). */
export const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

export interface ExternalAccessDeps {
  servers: McpServerRepository;
  config: ServerConfig;
  now: () => number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Whether the token's issuer still stands behind it: a team server's only while they are a member
 * whose role may manage the team's servers (read now, consistently); a personal server's while its
 * owner's account exists (the record goes with it). A team token without an issuer (issued before
 * tokens named theirs) opens nothing.
 */
async function issuerMayUse(
  record: McpServerRecord,
  roles: Pick<TeamMemberships, 'roleIn'>,
): Promise<boolean> {
  const issuer = record.externalTokenIssuer;
  if (!record.userId.startsWith(TEAM_OWNER_PREFIX)) return issuer === undefined || issuer === record.userId;
  if (!issuer) return false;
  const role = await roles.roleIn(record.userId.slice(TEAM_OWNER_PREFIX.length), issuer);
  return role !== undefined && can({ role, isOwner: false }, 'manageServers');
}

/** How the gateway reaches a running server: the owner's calls, external clients' tokens, activity. */
export function createExternalAccess(deps: ExternalAccessDeps) {
  const { servers, config, now } = deps;

  return {
    /**
     * A new token for external MCP clients (replacing any earlier one); only its hash is kept, so it
     * is shown once, with who issued it (`issuerId`: the person, where `owner` may be their team's
     * actor). It starts with the owner's id, which locates the server without a scan; never the issuer's.
     */
    async issueExternalToken(
      owner: Caller,
      serverId: string,
      issuerId: string,
    ): Promise<{ token: string; endpoint: string }> {
      const record = await config.owned(owner, serverId);
      const token = `${owner.userId}.${newToken()}`;
      await servers.update(owner.userId, serverId, {
        externalTokenHash: sha256(token),
        externalTokenIssuer: issuerId,
        updatedAt: now(),
      });
      return { token, endpoint: config.toView(record).endpoint as string };
    },

    /** Ends the server's external token, if it has one (idempotent); whether one was active. */
    async revokeExternalToken(owner: Caller, serverId: string): Promise<{ revoked: boolean }> {
      const record = await config.owned(owner, serverId);
      if (!record.externalTokenHash) return { revoked: false };
      return { revoked: await servers.clearExternalToken(owner.userId, serverId, record.externalTokenHash) };
    },

    /**
     * Where the gateway forwards to. It trusts the stored record (refreshed by the API, the chat
     * and the reaper every minute): the gateway runs in the VPC, where no runner API is reachable.
     */
    gatewayTarget(record: McpServerRecord): { endpoint: string; bridgeToken: string } {
      if (record.status !== 'enabled' || !record.runEndpoint || !record.bridgeToken) {
        throw new ConflictError('The server is not running. Enable it first.');
      }
      return { endpoint: record.runEndpoint, bridgeToken: record.bridgeToken };
    },

    async recordActivity(record: McpServerRecord): Promise<void> {
      const at = now();
      if (record.lastActive && at - record.lastActive < ACTIVITY_WRITE_INTERVAL_MS) return;
      await servers.update(record.userId, record.serverId, { lastActive: at });
    },

    /**
     * For external clients: the server this token opens, else 401 (never telling which part was
     * wrong: a bad token and one whose issuer left the team or was demoted look the same).
     */
    async byExternalToken(
      serverId: string,
      token: string | undefined,
      roles: Pick<TeamMemberships, 'roleIn'>,
    ): Promise<McpServerRecord> {
      const userId = token?.split('.')[0];
      const record = userId ? await servers.get(userId, serverId) : undefined;
      if (!record) throw new UnauthorizedError();
      const expected = record.externalTokenHash ? Buffer.from(record.externalTokenHash, 'hex') : undefined;
      const given = token ? Buffer.from(sha256(token), 'hex') : undefined;
      if (!expected || !given || !timingSafeEqual(expected, given)) throw new UnauthorizedError();
      if (!(await issuerMayUse(record, roles))) throw new UnauthorizedError();
      return record;
    },
  };
}
