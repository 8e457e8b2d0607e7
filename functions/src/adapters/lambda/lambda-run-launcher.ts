import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { AutomationRunEvent } from '../../domain/automations/run-event.js';
import type { AutomationRunLauncher } from '../../domain/automations/run-launcher.js';

/**
 * The runner invoked asynchronously (`InvocationType: 'Event'`): Lambda queues the event and
 * answers 202 at once, and retries a failed run's invocation itself.
 */
export function createLambdaRunLauncher(config: {
  region: string;
  functionName: string;
}): AutomationRunLauncher {
  const client = new LambdaClient({ region: config.region });
  return {
    async launch(event: AutomationRunEvent) {
      await client.send(
        new InvokeCommand({
          FunctionName: config.functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      );
    },
  };
}
