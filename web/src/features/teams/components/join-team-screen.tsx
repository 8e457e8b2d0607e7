import { type InvitationPreview, TEAM_MESSAGES } from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { chatKeys } from '../../chat/api/queries';
import { teamKeys } from '../api/queries';
import { acceptInvitation, declineInvitation, readInvitation } from '../api/teams';
import { ROLE_LABELS } from '../utils/membership';

const LINK = 'font-medium underline underline-offset-4';
const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

function JoinCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 sm:p-6">
      <Card asChild className="w-full max-w-lg space-y-4 p-6 sm:p-8">
        <section aria-labelledby="join-title">
          <h1 id="join-title" className="text-2xl font-semibold break-words text-slate-900">
            {title}
          </h1>
          {children}
        </section>
      </Card>
    </main>
  );
}

const GoHome = () => (
  <Button asChild variant="secondary">
    <Link to="/home">Go home</Link>
  </Button>
);

/** /teams/join?code=…: the invitation e-mail's link; the invitee reads it, then accepts or declines. */
export function JoinTeamScreen() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  if (!code)
    return (
      <JoinCard title="Join a team">
        <p className="text-slate-700">
          This link has no invitation code. Enter the code from the e-mail on the{' '}
          <Link to="/teams" className={LINK}>
            Teams page
          </Link>
          .
        </p>
      </JoinCard>
    );
  return <Invitation code={code} />;
}

function Invitation({ code }: { code: string }) {
  const queryClient = useQueryClient();
  // Not under teamKeys.all: joining refreshes the teams, not this (then used) invitation.
  const invitation = useQuery({
    queryKey: ['team-invitation', code],
    queryFn: ({ signal }) => readInvitation(code, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const join = useMutation({
    mutationFn: acceptInvitation,
    // On a waitlist stage the invitation let the person in: the user check says so now.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: chatKeys.currentUser() }),
      ]),
  });
  const decline = useMutation({ mutationFn: declineInvitation });

  if (invitation.isPending) return <JoinCard title="Join a team">{<Spinner />}</JoinCard>;
  if (invitation.isError)
    return (
      <JoinCard title="Join a team">
        <FormBanner message={invitation.error.message} />
        <GoHome />
      </JoinCard>
    );
  const { teamName } = invitation.data;
  if (join.data)
    return (
      <JoinCard title={`Join ${teamName}`}>
        <p className="text-slate-700">
          You joined <strong>{join.data.name}</strong>.{' '}
          <Link to="/teams" className={LINK}>
            Open Teams
          </Link>
        </p>
      </JoinCard>
    );
  if (decline.isSuccess)
    return (
      <JoinCard title="Invitation declined">
        <p role="status" className="text-slate-700">
          {TEAM_MESSAGES.invitationDeclined(teamName)}
        </p>
        <GoHome />
      </JoinCard>
    );
  const busy = join.isPending || decline.isPending;
  const error = join.error ?? decline.error;
  return (
    <JoinCard title={`Join ${teamName}`}>
      <InvitationFacts invitation={invitation.data} />
      {error ? <FormBanner message={error.message} /> : null}
      {invitation.data.expired ? (
        <>
          <p className="text-slate-700">{TEAM_MESSAGES.invitationExpired}</p>
          <GoHome />
        </>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="primary" size="lg" disabled={busy} onClick={() => join.mutate(code)}>
            Accept invitation
          </Button>
          <Button size="lg" disabled={busy} onClick={() => decline.mutate(code)}>
            Decline
          </Button>
        </div>
      )}
    </JoinCard>
  );
}

function InvitationFacts({ invitation }: { invitation: InvitationPreview }) {
  const role = ROLE_LABELS[invitation.role];
  return (
    <div className="space-y-1 text-slate-700">
      <p className="break-words">
        {invitation.invitedByEmail ? (
          <>
            Invited by <strong>{invitation.invitedByEmail}</strong> as {role}
          </>
        ) : (
          `Invited as ${role}`
        )}
      </p>
      <p className="text-sm text-slate-600">
        {invitation.expired ? 'Expired' : 'Expires'} {dateOf(invitation.expiresAt)}
      </p>
    </div>
  );
}
