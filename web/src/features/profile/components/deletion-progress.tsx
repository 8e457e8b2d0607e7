import { ACCOUNT_DELETION_STEPS, ACCOUNT_MESSAGES, type AccountDeletionJob } from '@agentforge/shared';
import { Spinner } from '../../../components/spinner';

const stateOf = (job: AccountDeletionJob, step: (typeof ACCOUNT_DELETION_STEPS)[number]) =>
  job.stepsDone.includes(step)
    ? 'Done'
    : job.step === step
      ? job.state === 'failed'
        ? 'Stopped'
        : 'In progress'
      : 'Waiting';

/** The deletion job's steps as it runs (GET /users/me/deletion): each done, in progress or waiting. */
export function DeletionProgress({ job }: { job: AccountDeletionJob }) {
  return (
    <div className="mt-4 space-y-3">
      {job.state === 'failed' ? null : <Spinner label={ACCOUNT_MESSAGES.deletionInProgress} />}
      <ol aria-label="Deletion steps" className="space-y-1 text-sm">
        {ACCOUNT_DELETION_STEPS.map((step) => {
          const state = stateOf(job, step);
          return (
            <li key={step} className="flex justify-between gap-3">
              <span className="text-slate-800">{ACCOUNT_MESSAGES.deletionStepLabels[step]}</span>
              <span
                className={
                  state === 'Done'
                    ? 'font-medium text-emerald-700'
                    : state === 'Stopped'
                      ? 'font-medium text-red-700'
                      : 'text-slate-600'
                }
              >
                {state}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
