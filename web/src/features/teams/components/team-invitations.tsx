import { errorMessage, type IssuedInvitation, TEAM_ROLES, type TeamRole } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { invitationsQuery, useTeamAction } from '../api/queries';
import { invite, resendInvitation, revokeInvitation } from '../api/teams';
import { ROLE_LABELS } from '../utils/membership';

/** Admins: invite by e-mail (the link shown once), and resend or revoke pending invitations. */
export function TeamInvitations({ teamId }: { teamId: string }) {
  const invitations = useQuery(invitationsQuery(teamId));
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<TeamRole>('user');
  // The link of the invitation just issued, shown this once (the code is stored hashed).
  const [issued, setIssued] = useState<IssuedInvitation | null>(null);
  const send = useTeamAction(() => invite(teamId, { email, role: inviteRole }));
  const resend = useTeamAction((invitationId: string) => resendInvitation(teamId, invitationId));
  const revoke = useTeamAction((invitationId: string) => revokeInvitation(teamId, invitationId));
  const error = send.error ?? resend.error ?? revoke.error ?? invitations.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(undefined, {
      onSuccess: (invitation) => {
        setEmail('');
        setIssued(invitation);
      },
    });
  };
  const pending = invitations.data?.invitations ?? [];
  return (
    <Card asChild>
      <section aria-labelledby="team-invitations">
        <h2 id="team-invitations" className="text-lg font-semibold text-slate-900">
          Invitations
        </h2>
        {error ? <FormBanner message={errorMessage(error)} /> : null}
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Invite a member">
          <div className="min-w-56 flex-1">
            <TextField
              label="E-mail"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          <SelectField
            label="Role"
            value={inviteRole}
            onChange={(event) => setInviteRole(event.target.value as TeamRole)}
            options={TEAM_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          />
          <Button type="submit" variant="primary" disabled={send.isPending || !email.trim()}>
            Send invitation
          </Button>
        </form>
        {issued ? (
          <div role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            <p>
              Invitation sent to {issued.email}. If the e-mail does not arrive, pass on this link: it is shown
              only now, and works only for {issued.email}.
            </p>
            <div className="mt-2 flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 text-xs text-slate-700 ring-1 ring-emerald-200">
                {issued.joinUrl}
              </code>
              <CopyButton text={issued.joinUrl} what="invitation link" />
            </div>
          </div>
        ) : null}
        {pending.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">No pending invitations.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {pending.map((invitation) => (
              <li
                key={invitation.invitationId}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span>
                  {invitation.email} <span className="text-slate-500">({ROLE_LABELS[invitation.role]})</span>
                  <span className="block text-xs text-slate-500">
                    Expires {new Date(invitation.expiresAt).toLocaleDateString()}
                  </span>
                </span>
                <span className="space-x-2">
                  <Button
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(invitation.invitationId, { onSuccess: setIssued })}
                    aria-label={`Resend to ${invitation.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invitation.invitationId)}
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                  >
                    Revoke
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
