import { ACCOUNT_MESSAGES, type AccountDeletionJob } from '@agentforge/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { toast } from '../../../components/toast/toaster-store';
import { Button } from '../../../components/ui/button';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { deleteAccount, getAccountDeletion } from '../api/profile';
import { DeletionProgress } from './deletion-progress';

const POLL_MS = 1_000;
const isOver = (job: AccountDeletionJob | undefined) => job?.state === 'done' || job?.state === 'failed';

/**
 * 'Delete my account': a Radix AlertDialog (focus starts on Cancel) in which the user types their
 * e-mail to confirm; DELETE /users/me starts the deletion job, whose steps the dialog shows (GET
 * /users/me/deletion each second) until it is done, then signs out (the account no longer exists).
 * A failed job says at which step, and deleting again starts it anew.
 */
export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const { signOut } = useSignOut();
  const remove = useMutation({ mutationFn: () => deleteAccount(typed) });
  const started = remove.data;
  const progress = useQuery({
    queryKey: ['account-deletion', started?.requestedAt],
    queryFn: ({ signal }) => getAccountDeletion(signal),
    enabled: started !== undefined && started.state !== 'done',
    refetchInterval: (query) => (isOver(query.state.data) ? false : POLL_MS),
  });
  const job = progress.data ?? started;
  const running = job !== undefined && !isOver(job);
  useEffect(() => {
    if (job?.state !== 'done') return;
    setOpen(false);
    toast({ title: ACCOUNT_MESSAGES.deleted });
    void signOut();
  }, [job?.state, signOut]);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const failedStep =
    job?.state === 'failed' && job.step ? ACCOUNT_MESSAGES.deletionStepLabels[job.step] : undefined;

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // A job under way is followed to its end: the dialog stays.
        if (!next && running) return;
        setOpen(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="destructive" className="focus-visible:outline-red-600">
          Delete my account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200 outline-none">
          <AlertDialog.Title className="text-base font-semibold text-slate-900">
            {ACCOUNT_MESSAGES.deleteTitle}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {ACCOUNT_MESSAGES.deleteDescription}
          </AlertDialog.Description>
          <form
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (matches) remove.mutate();
            }}
          >
            {remove.isError ? (
              <FormBanner message={`${ACCOUNT_MESSAGES.deleteFailed} ${remove.error.message}`} />
            ) : null}
            {failedStep ? (
              <FormBanner
                message={ACCOUNT_MESSAGES.deletionFailed(
                  failedStep,
                  job?.error ?? ACCOUNT_MESSAGES.deleteFailed,
                )}
              />
            ) : null}
            {job ? <DeletionProgress job={job} /> : null}
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              {ACCOUNT_MESSAGES.deleteConfirmLabel(email)}
            </label>
            <input
              id={inputId}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
              className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-red-600 focus:ring-inset"
            />
            <div className="flex justify-end gap-2 pt-2">
              <AlertDialog.Cancel
                disabled={running}
                className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
              >
                Cancel
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant="destructive"
                size="sm"
                disabled={!matches || remove.isPending || running}
              >
                {remove.isPending || running ? 'Deleting...' : 'Delete account'}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
