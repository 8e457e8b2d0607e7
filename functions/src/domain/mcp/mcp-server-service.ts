import type { SecretCipher } from '../secret-cipher.js';
import { createComputeUsage, type ServerPlan } from './compute-usage.js';
import { createExternalAccess } from './external-access.js';
import type { ComputeUsageRepository, LimitSlots, McpServerRepository } from './mcp-server.js';
import { createMemberValues } from './member-values.js';
import { createServerConfig } from './server-config.js';
import { createServerLifecycle } from './server-lifecycle.js';
import type { ServerRunner } from './server-runner.js';
import { createToolPolicySettings } from './tool-policy-settings.js';

export interface McpServerServiceDeps {
  servers: McpServerRepository;
  usage: ComputeUsageRepository;
  /** The plan's concurrent-server limit, held with conditional writes (parallel enables cannot exceed it). */
  slots: LimitSlots;
  runner: ServerRunner;
  cipher: SecretCipher;
  /** The caller's plan limits (from their billing record). */
  planOf: (userId: string) => Promise<ServerPlan>;
  /** The user's linked GitHub token, decrypted, if linked (env values may reference it). */
  githubToken: (userId: string) => Promise<string | undefined>;
  /** Refuses a remote server's URL the outbound guard would refuse (see ServerConfigDeps). */
  checkRemoteUrl: (url: string) => Promise<void>;
  newId: () => string;
  now: () => number;
}

/**
 * The MCP servers API, composed of its parts: configuration (server-config), runs (server-lifecycle),
 * the plan's slots and compute minutes (compute-usage), the gateway's way in (external-access) and
 * members' own values for team servers that run per member (member-values).
 */
export function createMcpServerService(deps: McpServerServiceDeps) {
  const config = createServerConfig(deps);
  const compute = createComputeUsage(deps);
  const lifecycle = createServerLifecycle({ ...deps, config, compute });
  const external = createExternalAccess({ ...deps, config });
  const memberValues = createMemberValues({
    ...deps,
    config,
    stopInstance: lifecycle.stopInstance,
    releaseSlot: compute.releaseSlot,
  });
  const toolPolicy = createToolPolicySettings({ ...deps, config });
  return {
    owned: config.owned,
    toView: config.toView,
    create: config.create,
    update: config.update,
    ...lifecycle,
    saveMemberValues: memberValues.save,
    removeMemberValues: memberValues.remove,
    usage: compute.usage,
    patchToolPolicy: toolPolicy.patch,
    ...external,
  };
}
export type McpServerService = ReturnType<typeof createMcpServerService>;
