import { join } from 'node:path';
import { AUTOMATION_RUNNER_MODULE } from '../../../functions/src/domain/automations/run-event.js';
import { loadAdminCredentials } from '../cognito/admin-auth.js';
import { invokeFunction } from '../in-process-functions.js';
import { startLocalScheduler } from './server.js';

/** Lambda's longest timeout: the runner's, as on AWS (it re-invokes itself before it). */
const RUNNER_TIMEOUT_MS = 15 * 60 * 1000;
const GROUP = 'local-automations';
const RUNNER_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:local-automations-runner';

/**
 * What starts automation runs on the local stack, as on AWS: the local Scheduler (the API's
 * schedules fire the runner in this process) and the functions' asynchronous invocation of the
 * runner ('Run now', the webhook). Call after the functions' environment is set.
 */
export async function startLocalAutomations(options: { dataDir: string; port: number }) {
  const credentialsFile = join(options.dataDir, 'scheduler-credentials.json');
  const { invokeLocalFunction, setLocalFunctionInvoker } = await import(
    '../../../functions/src/adapters/lambda/local-functions.js'
  );
  setLocalFunctionInvoker((module, event) => invokeFunction(module, RUNNER_TIMEOUT_MS)(event));
  const scheduler = await startLocalScheduler({
    port: options.port,
    dataDir: join(options.dataDir, 'scheduler'),
    credentials: loadAdminCredentials(credentialsFile),
    groups: [GROUP],
    invoke: async (arn, input) => {
      if (arn !== RUNNER_ARN) throw new Error(`No local function ${arn}`);
      return invokeLocalFunction(AUTOMATION_RUNNER_MODULE, JSON.parse(input) as object);
    },
  });
  Object.assign(process.env, {
    SCHEDULER_ENDPOINT: scheduler.endpoint,
    LOCAL_SCHEDULER_CREDENTIALS_FILE: credentialsFile,
    AUTOMATION_SCHEDULE_GROUP: GROUP,
    AUTOMATION_RUNNER_ARN: RUNNER_ARN,
    AUTOMATION_SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/local-automations-scheduler',
    AUTOMATION_DLQ_ARN: 'arn:aws:sqs:us-east-1:000000000000:local-automations-dlq',
  });
  return {
    scheduler,
    stop: async () => {
      setLocalFunctionInvoker(undefined);
      await scheduler.stop();
    },
  };
}
