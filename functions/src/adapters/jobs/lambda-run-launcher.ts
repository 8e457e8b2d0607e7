import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { AutomationRunEvent } from '../../domain/automations/run-event.js';

/**
 * AWS: starts (or carries on) an automation run in the runner function, asynchronously (Lambda's
 * `Event` invocation: the caller does not wait, Lambda retries a failed one), so 'Run now' answers
 * at once and a long run goes on in a fresh invocation before its 15 minutes are up.
 */
export function createLambdaRunLauncher(options: { region: string; functionName: string }) {
  const client = new LambdaClient({ region: options.region });
  return async (event: AutomationRunEvent): Promise<void> => {
    await client.send(
      new InvokeCommand({
        FunctionName: options.functionName,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    );
  };
}
