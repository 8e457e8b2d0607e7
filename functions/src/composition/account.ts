import { ACCOUNT_DELETION_STEPS, type AccountDeletionStep } from '@agentforge/shared';
import { createAccountDeletionJobStore } from '../adapters/dynamodb/account-deletion-jobs.js';
import { createInProcessJobLauncher } from '../adapters/jobs/in-process-launcher.js';
import type { Caller } from '../domain/caller.js';
import type { AccountDeletion } from '../domain/users/account-deletion.js';
import { type AccountDeletionJobs, createAccountDeletionJobs } from '../domain/users/account-deletion-job.js';
import { logger } from '../logger.js';
import { db, env } from './root.js';

/**
 * The account deletion's checks and steps, from account-deletion.ts (every table, the runner,
 * Cognito, Stripe: most of this function's code) imported when a deletion is asked for or runs.
 */
const deletionOnUse: AccountDeletion = {
  async check(caller, confirmEmail) {
    const { accountDeletion } = await import('./account-deletion.js');
    await accountDeletion().check(caller, confirmEmail);
  },
  steps(caller) {
    const step = (name: AccountDeletionStep) => async () => {
      const { accountDeletion } = await import('./account-deletion.js');
      await accountDeletion().steps(caller)[name]();
    };
    return Object.fromEntries(ACCOUNT_DELETION_STEPS.map((name) => [name, step(name)])) as Record<
      AccountDeletionStep,
      () => Promise<void>
    >;
  },
};

/**
 * DELETE /teams/{teamId} (the owner), with account-deletion.ts's team deletion (imported now):
 * this function holds what it takes (the servers' runner, every table's items, Stripe's keys).
 */
export async function deleteTeam(caller: Caller, teamId: string): Promise<void> {
  const { teamDeletion } = await import('./account-deletion.js');
  await teamDeletion().deleteTeam(caller, teamId);
}

let jobs: AccountDeletionJobs | undefined;
/**
 * DELETE /users/me and GET /users/me/deletion, and the job they start: on AWS the job record's
 * write invokes this function through the billing table's stream (handlers/account/index.ts);
 * locally the job runs in this process.
 */
export function accountDeletionJobs(): AccountDeletionJobs {
  if (jobs) return jobs;
  const launcher =
    env.RUNTIME === 'local'
      ? createInProcessJobLauncher((userId) => accountDeletionJobs().run(userId))
      : { launch: async () => undefined };
  jobs = createAccountDeletionJobs({
    deletion: deletionOnUse,
    store: createAccountDeletionJobStore(db, env.tables.billing),
    launcher,
    now: () => new Date(),
    onStepFailed: (userId, step, error) =>
      logger.error('account deletion step failed', { userId, step, error }),
  });
  return jobs;
}
