import { type McpServer, patchToolPolicy, type ToolPolicyPatch } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError } from '../errors.js';
import type { McpServerRepository } from './mcp-server.js';
import type { ServerConfig } from './server-config.js';

export interface ToolPolicySettingsDeps {
  servers: McpServerRepository;
  config: Pick<ServerConfig, 'owned' | 'toView'>;
  now: () => number;
}

/**
 * A server's tool approvals (docs/decisions/mcp-servers.md, "Tool approval"): kept on the server's
 * record, so they apply to every chat and member using it, whatever kind of server it is. Changed
 * whatever the server's status (a running server's next call follows the new policy).
 */
export function createToolPolicySettings(deps: ToolPolicySettingsDeps) {
  return {
    async patch(owner: Caller, serverId: string, patch: ToolPolicyPatch): Promise<McpServer> {
      const record = await deps.config.owned(owner, serverId);
      const toolPolicy = patchToolPolicy(record.toolPolicy, patch);
      const changes = { toolPolicy, updatedAt: deps.now() };
      if (!(await deps.servers.update(owner.userId, serverId, changes))) {
        throw new ConflictError('The server changed meanwhile. Try again.');
      }
      return deps.config.toView({ ...record, ...changes });
    },
  };
}
