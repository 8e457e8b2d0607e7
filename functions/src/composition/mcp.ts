import { ECSClient } from '@aws-sdk/client-ecs';
import { S3Client } from '@aws-sdk/client-s3';
import { createGithubLinkRepository } from '../adapters/dynamodb/github-link-repository.js';
import { createLimitSlots } from '../adapters/dynamodb/limit-slots.js';
import { createMcpServerRepository } from '../adapters/dynamodb/mcp-server-repository.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createComputeUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { newUlid } from '../adapters/ids/ulid.js';
import { createEcsRunner, parseEcsRunnerConfig } from '../adapters/mcp-runner/ecs-runner.js';
import { createLocalRunner, type LocalRunner } from '../adapters/mcp-runner/local-runner.js';
import { assertAllowedEndpoint } from '../adapters/net/guarded-fetch.js';
import { linkedGithubToken } from '../domain/github/github-link-service.js';
import { createMcpServerService, type McpServerService } from '../domain/mcp/mcp-server-service.js';
import type { ServerRunner } from '../domain/mcp/server-runner.js';
import { outboundPolicy } from './outbound.js';
import { db, env, required } from './root.js';
import { secretCipher } from './secrets.js';
import { myTeamsReader } from './team-scope.js';

let local: LocalRunner | undefined;
/** Local stack only: the sandboxed child processes (the local stack stops them on shutdown). */
export function localRunner(): LocalRunner {
  local ??= createLocalRunner({
    dataDir: required('LOCAL_DATA_DIR'),
    allowedPackages: env.MCP_ALLOWED_PACKAGES,
    allowLocalPackages: env.MCP_ALLOW_LOCAL_PACKAGES,
  });
  return local;
}

let runner: ServerRunner | undefined;
function serverRunner(): ServerRunner {
  runner ??=
    env.RUNTIME === 'local'
      ? localRunner()
      : createEcsRunner({
          ecs: new ECSClient({ region: env.AWS_REGION }),
          s3: new S3Client({ region: env.AWS_REGION }),
          config: parseEcsRunnerConfig(process.env),
        });
  return runner;
}

/**
 * Built on first use: the gateway uses the service without ever touching the runner (it runs in
 * the VPC, where neither the runner's configuration nor the ECS API is available).
 */
const lazyRunner: ServerRunner = {
  start: (request) => serverRunner().start(request),
  describe: (runId) => serverRunner().describe(runId),
  stop: (runId, reason) => serverRunner().stop(runId, reason),
};

let servers: McpServerService | undefined;
export function mcpServerService(): McpServerService {
  const plans = createPlanLookup(db, env.tables.billing, myTeamsReader());
  servers ??= createMcpServerService({
    servers: createMcpServerRepository(db, env.tables.mcpServers),
    usage: createComputeUsageRepository(db, env.tables.usage),
    slots: createLimitSlots(db, env.tables.usage, 'server-slot'),
    runner: lazyRunner,
    cipher: secretCipher(),
    // Concurrent servers, the idle-timeout cap and the month's compute hours follow the user's plan.
    planOf: async (userId) => {
      const plan = await plans.planOf(userId);
      return { ...plan.limits, name: plan.name };
    },
    // An env value may reference the user's linked GitHub account (read from the users table).
    githubToken: (userId) =>
      linkedGithubToken(
        { links: createGithubLinkRepository(db, env.tables.users), cipher: secretCipher() },
        userId,
      ),
    checkRemoteUrl: (url) => assertAllowedEndpoint(url, outboundPolicy),
    newId: newUlid,
    now: Date.now,
  });
  return servers;
}
