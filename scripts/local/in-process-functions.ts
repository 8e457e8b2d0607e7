import { type TableId, tableEnvVar } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import { lambdaContext } from './api-gateway-event.js';
import { importHandler } from './function-modules.js';

/**
 * The environment every function reads, as Lambda's configuration gives it on AWS: set before any
 * handler module is imported.
 */
export function setFunctionEnvironment(
  endpoint: string,
  tableNames: Record<TableId, string>,
  whitelist: readonly string[],
  allowedEmailDomains: readonly string[],
) {
  Object.assign(process.env, {
    STAGE: 'local',
    RUNTIME: 'local',
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: endpoint,
    WHITELISTED_EMAILS: whitelist.join(','),
    ALLOWED_EMAIL_DOMAINS: allowedEmailDomains.join(','),
  });
  for (const [id, name] of Object.entries(tableNames)) process.env[tableEnvVar(id as TableId)] = name;
}

/**
 * The MCP reaper on a timer, as the scheduled Lambda; on stop it also stops every server the local
 * runner started (they are this process's children).
 */
export function startLocalReaper(intervalMs: number): () => Promise<void> {
  const stop = onTimer('mcp/reap-servers', intervalMs);
  return async () => {
    await stop();
    const { localRunner } = await import('../../functions/src/composition/mcp.js');
    await localRunner().stopAll();
  };
}

/** A scheduled Lambda run in-process on a timer, one run at a time; resolves the last run on stop. */
export function onTimer(module: string, intervalMs: number): () => Promise<void> {
  const run = invokeFunction(module);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => run({})).catch((error: unknown) => console.error(`[${module}]`, error));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** A non-API Lambda (e.g. a Cognito trigger) run in-process, imported on first use; `timeoutMs` is its Lambda timeout. */
export function invokeFunction(module: string, timeoutMs = 5_000) {
  return async (event: object) => {
    const handler = (await importHandler(`${module}.ts`)) as (
      event: unknown,
      context: unknown,
    ) => Promise<unknown>;
    return handler(event, lambdaContext(module.replace('/', '-'), timeoutMs));
  };
}
