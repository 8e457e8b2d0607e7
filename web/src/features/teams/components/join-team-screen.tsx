import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { chatKeys } from '../../chat/api/queries';
import { teamKeys } from '../api/queries';
import { acceptInvitation } from '../api/teams';

/** /teams/join?code=…: the invitation e-mail's link; the signed-in invitee accepts with one click. */
export function JoinTeamScreen() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: acceptInvitation,
    // On a waitlist stage the invitation let the person in: the user check says so now.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: chatKeys.currentUser() }),
      ]),
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg space-y-4 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">Join a team</h1>
        {join.error ? <FormBanner message={join.error.message} /> : null}
        {join.data ? (
          <p className="text-slate-700">
            You joined <strong>{join.data.name}</strong>.{' '}
            <Link to="/teams" className="font-medium underline underline-offset-4">
              Open Teams
            </Link>
          </p>
        ) : code ? (
          <button
            type="button"
            disabled={join.isPending}
            onClick={() => join.mutate(code)}
            className="inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-50"
          >
            Accept invitation
          </button>
        ) : (
          <p className="text-slate-700">
            This link has no invitation code. Enter the code from the e-mail on the{' '}
            <Link to="/teams" className="font-medium underline underline-offset-4">
              Teams page
            </Link>
            .
          </p>
        )}
      </section>
    </main>
  );
}
