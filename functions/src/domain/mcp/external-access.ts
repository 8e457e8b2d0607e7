import { createHash, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../caller.js';
import { ConflictError, UnauthorizedError } from '../errors.js';
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

/** How the gateway reaches a running server: the owner's calls, external clients' tokens, activity. */
export function createExternalAccess(deps: ExternalAccessDeps) {
  const { servers, config, now } = deps;

  return {
    /**
     * A new token for external MCP clients (replacing any earlier one); only its hash is kept, so it
     * is shown once. It starts with the owner's id, which locates the server without a scan.
     */
    async issueExternalToken(caller: Caller, serverId: string): Promise<{ token: string; endpoint: string }> {
      const record = await config.owned(caller, serverId);
      const token = `${caller.userId}.${newToken()}`;
      await servers.update(caller.userId, serverId, { externalTokenHash: sha256(token), updatedAt: now() });
      return { token, endpoint: config.toView(record).endpoint as string };
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

    /** For external clients: the server this token opens, else 401 (never telling which part was wrong). */
    async byExternalToken(serverId: string, token: string | undefined): Promise<McpServerRecord> {
      const userId = token?.split('.')[0];
      const record = userId ? await servers.get(userId, serverId) : undefined;
      if (!record) throw new UnauthorizedError();
      const expected = record.externalTokenHash ? Buffer.from(record.externalTokenHash, 'hex') : undefined;
      const given = token ? Buffer.from(sha256(token), 'hex') : undefined;
      if (!expected || !given || !timingSafeEqual(expected, given)) throw new UnauthorizedError();
      return record;
    },
  };
}
