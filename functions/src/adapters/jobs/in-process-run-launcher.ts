import { errorMessage } from '@agentforge/shared';
import type { AutomationRunEvent } from '../../domain/automations/run-event.js';
import { logger } from '../../logger.js';

/**
 * The local stack's runner launcher: the run goes on in this process after the request answered,
 * as the runner function's asynchronous invocation does on AWS.
 */
export function createInProcessRunLauncher(run: (event: AutomationRunEvent) => Promise<unknown>) {
  return async (event: AutomationRunEvent): Promise<void> => {
    setImmediate(() => {
      run(event).catch((error: unknown) =>
        logger.error('automation run failed to start', {
          automationId: event.automationId,
          reason: errorMessage(error),
        }),
      );
    });
  };
}
