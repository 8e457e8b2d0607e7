import { ACCOUNT_DELETION_STEPS, ACCOUNT_MESSAGES, type AccountDeletionJob } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { DomainError, NotFoundError } from '../errors.js';
import type { AccountDeletion } from './account-deletion.js';

/** The job as stored: its public state and who it deletes (the job runs with no request). */
export interface StoredDeletionJob extends AccountDeletionJob {
  userId: string;
  email: string;
  username?: string;
}

export interface DeletionJobStore {
  get(userId: string): Promise<StoredDeletionJob | undefined>;
  save(job: StoredDeletionJob): Promise<void>;
}

/**
 * Starts a recorded job apart from the request. On AWS the job record's write itself does (the
 * billing table's stream invokes the account function), so the launcher has nothing to do; locally
 * the job runs in the same process.
 */
export interface DeletionJobLauncher {
  launch(userId: string): Promise<void>;
}

/**
 * A queued or running job not written to for this long is taken for dead (its function stopped
 * without failing it): a new request starts it again. Lambda's longest run, 15 minutes.
 */
const STALE_JOB_MS = 15 * 60_000;

const publicView = ({ userId: _u, email: _e, username: _n, ...job }: StoredDeletionJob): AccountDeletionJob =>
  job;

/**
 * Account deletion as a job: the request checks and records it (queued) and returns at once; the
 * job runs the steps in order, recording the step it is on, each finished one, and `done` or
 * `failed` (with the step). Every step is safe to run again, so a failed job is retried from the
 * start (by Lambda's retries on AWS, or by the user asking again), whatever the first run got to.
 */
export function createAccountDeletionJobs(deps: {
  deletion: AccountDeletion;
  store: DeletionJobStore;
  launcher: DeletionJobLauncher;
  now: () => Date;
  onStepFailed?: (userId: string, step: string, error: unknown) => void;
}) {
  const isLive = (job: StoredDeletionJob) =>
    (job.state === 'queued' || job.state === 'running') &&
    deps.now().getTime() - Date.parse(job.updatedAt) < STALE_JOB_MS;

  return {
    /** DELETE /users/me: refused (400/409) before anything is deleted; a job already going is returned as it is. */
    async request(caller: Caller, confirmEmail: string): Promise<AccountDeletionJob> {
      const existing = await deps.store.get(caller.userId);
      if (existing && (isLive(existing) || existing.state === 'done')) return publicView(existing);
      await deps.deletion.check(caller, confirmEmail);
      const at = deps.now().toISOString();
      const job: StoredDeletionJob = {
        userId: caller.userId,
        email: caller.email,
        ...(caller.username ? { username: caller.username } : {}),
        state: 'queued',
        stepsDone: [],
        requestedAt: at,
        updatedAt: at,
      };
      await deps.store.save(job);
      await deps.launcher.launch(caller.userId);
      return publicView(job);
    },

    /** GET /users/me/deletion: 404 when the account has none. */
    async status(caller: Caller): Promise<AccountDeletionJob> {
      const job = await deps.store.get(caller.userId);
      if (!job) throw new NotFoundError(ACCOUNT_MESSAGES.deletionNotFound);
      return publicView(job);
    },

    /** Runs the user's job (nothing if it is done or gone); rethrows a step's failure after recording it. */
    async run(userId: string): Promise<void> {
      const found = await deps.store.get(userId);
      if (!found || found.state === 'done') return;
      const caller: Caller = {
        userId,
        email: found.email,
        ...(found.username ? { username: found.username } : {}),
      };
      const steps = deps.deletion.steps(caller);
      let job: StoredDeletionJob = { ...found, stepsDone: [] };
      delete job.error;
      const save = async (patch: Partial<StoredDeletionJob>) => {
        job = { ...job, ...patch, updatedAt: deps.now().toISOString() };
        await deps.store.save(job);
      };
      for (const step of ACCOUNT_DELETION_STEPS) {
        await save({ state: 'running', step });
        try {
          await steps[step]();
        } catch (error) {
          deps.onStepFailed?.(userId, step, error);
          // A refusal's own words; anything else stays in the log, not in the user's view.
          await save({
            state: 'failed',
            error: error instanceof DomainError ? error.message : ACCOUNT_MESSAGES.deleteFailed,
          });
          throw error;
        }
        await save({ stepsDone: [...job.stepsDone, step] });
      }
      const { step: _last, ...finished } = job;
      job = finished;
      await save({ state: 'done' });
    },
  };
}
export type AccountDeletionJobs = ReturnType<typeof createAccountDeletionJobs>;
