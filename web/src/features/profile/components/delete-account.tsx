import { ACCOUNT_MESSAGES } from '@agentforge/shared';
import { useMutation } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { toast } from '../../../components/toast/toaster-store';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { deleteAccount } from '../api/profile';

/**
 * 'Delete my account': a Radix AlertDialog (focus starts on Cancel) in which the user types their
 * e-mail to confirm; then DELETE /users/me and sign-out (the account no longer exists).
 */
export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const { signOut } = useSignOut();
  const remove = useMutation({
    mutationFn: () => deleteAccount(typed),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: ACCOUNT_MESSAGES.deleted });
      await signOut();
    },
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          Delete my account
        </button>
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
              <AlertDialog.Cancel className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
                Cancel
              </AlertDialog.Cancel>
              <button
                type="submit"
                disabled={!matches || remove.isPending}
                className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {remove.isPending ? 'Deleting...' : 'Delete account'}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
