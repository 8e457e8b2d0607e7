import { errorMessage } from '@agentforge/shared';
import type { DeletionJobLauncher } from '../../domain/users/account-deletion-job.js';
import { logger } from '../../logger.js';

/**
 * The local stack's launcher (dynalite has no streams to start a job): the job runs in this
 * process after the request has answered, tried as often as Lambda tries an event (three times).
 */
export function createInProcessJobLauncher(
  run: (userId: string) => Promise<void>,
  attempts = 3,
): DeletionJobLauncher {
  return {
    async launch(userId) {
      setImmediate(async () => {
        for (let attempt = 1; attempt <= attempts; attempt++) {
          try {
            await run(userId);
            return;
          } catch (error) {
            logger.warn('account deletion job attempt failed', { attempt, reason: errorMessage(error) });
          }
        }
      });
    },
  };
}
