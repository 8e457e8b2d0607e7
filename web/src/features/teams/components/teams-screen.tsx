import {
  API_KEY_PROVIDERS,
  type ApiKeyProvider,
  errorMessage,
  type IssuedInvitation,
  PROVIDER_DISPLAY_NAMES,
  SHARING_MESSAGES,
  TEAM_ROLES,
  type TeamDetail,
  type TeamRole,
  type TeamSummary,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { ScrollRegion } from '../../../components/scroll-region';
import { useAuth } from '../../auth/hooks/use-auth';
import { sharedConversationPath } from '../../chat/api/conversations';
import { teamConversationsQuery } from '../../chat/api/queries';
import {
  invitationsQuery,
  teamKeysQuery,
  teamQuery,
  teamsQuery,
  teamUsageQuery,
  useTeamAction,
} from '../api/queries';
import {
  acceptInvitation,
  addTeamKey,
  changeRole,
  createTeam,
  deleteTeam,
  deleteTeamKey,
  invite,
  leaveTeam,
  removeMember,
  renameTeam,
  resendInvitation,
  revokeInvitation,
  teamCheckout,
  teamPortal,
  transferOwnership,
} from '../api/teams';
import { currentSpaceTeamId, setSpaceTeamId } from '../utils/space';
import { BUTTON, PRIMARY } from './styles';
import { TeamOverage } from './team-overage';

/** A team the person is no longer in is not their space any more. */
const leftTeam = (teamId: string) => {
  if (currentSpaceTeamId() === teamId) setSpaceTeamId(undefined);
};

const ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', user: 'User' };
const SECONDARY = `${BUTTON} bg-white text-slate-900 ring-slate-300 hover:bg-slate-50`;
const DANGER = `${BUTTON} bg-white text-red-700 ring-red-300 hover:bg-red-50`;
const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';
const SELECT =
  'rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';

/** /teams: my teams (create, join with a code), and the chosen team's members and invitations. */
export function TeamsScreen() {
  const teams = useQuery(teamsQuery());
  const [chosen, setChosen] = useState<string | undefined>();
  const list = teams.data?.teams ?? [];
  const current = list.find((team) => team.teamId === chosen) ?? list[0];

  return (
    <main className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto max-w-4xl space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">Teams</h1>
          <Link to="/home" className="text-sm font-medium text-slate-700 underline underline-offset-4">
            Back to chat
          </Link>
        </header>
        {teams.error ? <FormBanner message={errorMessage(teams.error)} /> : null}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="space-y-6">
            <section className={CARD} aria-labelledby="my-teams">
              <h2 id="my-teams" className="text-sm font-semibold text-slate-900">
                My teams
              </h2>
              {teams.isPending ? <p className="mt-3 text-sm text-slate-500">Loading teams…</p> : null}
              {teams.data && list.length === 0 ? (
                <p className="mt-3 text-sm text-slate-500">You are not in a team yet.</p>
              ) : null}
              <ul className="mt-3 space-y-1">
                {list.map((team) => (
                  <li key={team.teamId}>
                    <button
                      type="button"
                      aria-current={team.teamId === current?.teamId ? 'true' : undefined}
                      onClick={() => setChosen(team.teamId)}
                      className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:font-semibold"
                    >
                      {team.name} <span className="text-slate-600">({ROLE_LABELS[team.role]})</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
            <CreateTeamForm onCreated={setChosen} />
            <JoinTeamForm onJoined={setChosen} />
          </aside>
          {current ? <TeamPanel key={current.teamId} summary={current} /> : null}
        </div>
      </div>
    </main>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (teamId: string) => void }) {
  const [name, setName] = useState('');
  const create = useTeamAction(createTeam);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (team) => {
        setName('');
        onCreated(team.teamId);
      },
    });
  };
  return (
    <form onSubmit={submit} className={`${CARD} space-y-3`} aria-label="Create a team">
      {create.error ? <FormBanner message={errorMessage(create.error)} /> : null}
      <TextField label="Team name" value={name} onChange={(event) => setName(event.target.value)} required />
      <button type="submit" className={PRIMARY} disabled={create.isPending || !name.trim()}>
        Create team
      </button>
    </form>
  );
}

function JoinTeamForm({ onJoined }: { onJoined: (teamId: string) => void }) {
  const [code, setCode] = useState('');
  const join = useTeamAction(acceptInvitation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(code.trim(), {
      onSuccess: (team) => {
        setCode('');
        onJoined(team.teamId);
      },
    });
  };
  return (
    <form onSubmit={submit} className={`${CARD} space-y-3`} aria-label="Join a team">
      {join.error ? <FormBanner message={errorMessage(join.error)} /> : null}
      <TextField
        label="Invitation code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <button type="submit" className={SECONDARY} disabled={join.isPending || !code.trim()}>
        Join team
      </button>
    </form>
  );
}

function TeamPanel({ summary }: { summary: TeamSummary }) {
  const detail = useQuery(teamQuery(summary.teamId));
  const admin = summary.role === 'admin';
  return (
    <div className="space-y-6">
      <section className={CARD} aria-labelledby="team-members">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-members" className="text-lg font-semibold text-slate-900">
            {summary.name}: members
          </h2>
          <LeaveButton summary={summary} />
        </div>
        {detail.error ? <FormBanner message={errorMessage(detail.error)} /> : null}
        {detail.data ? <PlanLine detail={detail.data} admin={admin} /> : null}
        {detail.data ? <MemberTable detail={detail.data} admin={admin} owner={summary.isOwner} /> : null}
      </section>
      <SharedConversations teamId={summary.teamId} />
      {admin ? <Invitations teamId={summary.teamId} /> : null}
      {admin ? <TeamKeys teamId={summary.teamId} /> : null}
      {admin ? <UsageTable teamId={summary.teamId} /> : null}
      {admin ? <TeamSettings summary={summary} /> : null}
    </div>
  );
}

/** Admins rename the team; its owner deletes it (after a confirmation saying what goes). */
function TeamSettings({ summary }: { summary: TeamSummary }) {
  const [name, setName] = useState(summary.name);
  const rename = useTeamAction(() => renameTeam(summary.teamId, name));
  const remove = useTeamAction(() => deleteTeam(summary.teamId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(undefined);
  };
  const unchanged = name.trim() === summary.name;
  return (
    <section className={CARD} aria-labelledby="team-settings">
      <h2 id="team-settings" className="text-lg font-semibold text-slate-900">
        Team settings
      </h2>
      {rename.error ? <FormBanner message={errorMessage(rename.error)} /> : null}
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Rename the team">
        <div className="min-w-56 flex-1">
          <TextField
            label="Name"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </div>
        <button type="submit" className={PRIMARY} disabled={rename.isPending || !name.trim() || unchanged}>
          Rename team
        </button>
      </form>
      {rename.isSuccess && unchanged ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Team renamed.
        </p>
      ) : null}
      {summary.isOwner ? (
        <div className="mt-6 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Delete team</h3>
          <p className="mt-1 text-sm text-slate-600">
            Deleting the team cancels its subscription and removes its members, servers and provider keys.
          </p>
          {remove.error ? <FormBanner message={errorMessage(remove.error)} /> : null}
          <div className="mt-3">
            <ConfirmDialog
              trigger={
                <button type="button" className={DANGER} disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting…' : 'Delete team'}
                </button>
              }
              title={`Delete ${summary.name}?`}
              description={`The team's Teams subscription is cancelled at once (no refund for the rest of the period). Every member loses access; the team's MCP servers are stopped and deleted with its provider keys and pending invitations. Its activity log is kept. This cannot be undone.`}
              confirmLabel="Delete team"
              onConfirm={() => remove.mutate(undefined, { onSuccess: () => leftTeam(summary.teamId) })}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** What the team's members shared with it (read-only links), for every member. */
function SharedConversations({ teamId }: { teamId: string }) {
  const shared = useQuery(teamConversationsQuery(teamId));
  const list = shared.data ?? [];
  return (
    <section className={CARD} aria-labelledby="team-shared">
      <h2 id="team-shared" className="text-lg font-semibold text-slate-900">
        {SHARING_MESSAGES.teamListTitle}
      </h2>
      {shared.error ? <FormBanner message={errorMessage(shared.error)} /> : null}
      {shared.isPending ? <p className="mt-3 text-sm text-slate-500">Loading shared conversations…</p> : null}
      {shared.data && list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{SHARING_MESSAGES.teamListEmpty}</p>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {list.map((conversation) => (
          <li
            key={conversation.id}
            className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
          >
            <Link
              to={sharedConversationPath(conversation.id)}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              {conversation.title || conversation.name}
            </Link>
            <span className="text-slate-600">Shared by {conversation.sharedView?.authorEmail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LeaveButton({ summary }: { summary: TeamSummary }) {
  const myUserId = useAuth().user?.userId ?? '';
  const leave = useTeamAction(() => leaveTeam(summary.teamId, myUserId));
  if (summary.isOwner || !myUserId) return null;
  return (
    <div className="text-right">
      <ConfirmDialog
        trigger={
          <button type="button" className={DANGER} disabled={leave.isPending}>
            Leave team
          </button>
        }
        title={`Leave ${summary.name}?`}
        description="You lose access to the team's servers, provider keys and plan at once. An Admin has to invite you again to come back."
        confirmLabel="Leave team"
        onConfirm={() => leave.mutate(undefined, { onSuccess: () => leftTeam(summary.teamId) })}
      />
      {leave.error ? <p className="mt-1 text-sm text-red-600">{errorMessage(leave.error)}</p> : null}
    </div>
  );
}

function MemberTable({ detail, admin, owner }: { detail: TeamDetail; admin: boolean; owner: boolean }) {
  const teamId = detail.team.teamId;
  // One's own membership ends with 'Leave team', not 'Remove'.
  const myUserId = useAuth().user?.userId;
  const role = useTeamAction((args: { userId: string; role: TeamRole }) =>
    changeRole(teamId, args.userId, args.role),
  );
  const remove = useTeamAction((userId: string) => removeMember(teamId, userId));
  const transfer = useTeamAction((userId: string) => transferOwnership(teamId, userId));
  const error = role.error ?? remove.error ?? transfer.error;
  return (
    <>
      {error ? <FormBanner message={errorMessage(error)} /> : null}
      <ScrollRegion label="Members" className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Member
              </th>
              <th scope="col" className="py-2 font-medium">
                Role
              </th>
              {admin ? (
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {detail.members.map((member) => (
              <tr key={member.userId}>
                <td className="py-2 text-slate-900">
                  {member.email}
                  {member.isOwner ? <span className="ml-2 text-xs text-slate-500">Owner</span> : null}
                </td>
                <td className="py-2">
                  {admin && !member.isOwner ? (
                    <select
                      aria-label={`Role of ${member.email}`}
                      className={SELECT}
                      value={member.role}
                      disabled={role.isPending}
                      onChange={(event) =>
                        role.mutate({ userId: member.userId, role: event.target.value as TeamRole })
                      }
                    >
                      {TEAM_ROLES.map((value) => (
                        <option key={value} value={value}>
                          {ROLE_LABELS[value]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </td>
                {admin ? (
                  <td className="space-x-2 py-2 text-right">
                    {owner && !member.isOwner ? (
                      <ConfirmDialog
                        trigger={
                          <button
                            type="button"
                            className={SECONDARY}
                            disabled={transfer.isPending}
                            aria-label={`Make ${member.email} the owner`}
                          >
                            Make owner
                          </button>
                        }
                        title={`Make ${member.email} the owner?`}
                        description={`${member.email} becomes the team's owner (and an Admin). You stay an Admin, but only the new owner can transfer ownership or delete the team.`}
                        confirmLabel="Make owner"
                        onConfirm={() => transfer.mutate(member.userId)}
                      />
                    ) : null}
                    {!member.isOwner && member.userId !== myUserId ? (
                      <ConfirmDialog
                        trigger={
                          <button
                            type="button"
                            className={DANGER}
                            disabled={remove.isPending}
                            aria-label={`Remove ${member.email}`}
                          >
                            Remove
                          </button>
                        }
                        title={`Remove ${member.email}?`}
                        description={`${member.email} loses access to the team's servers, provider keys and plan at once. To come back they need a new invitation.`}
                        confirmLabel="Remove"
                        onConfirm={() => remove.mutate(member.userId)}
                      />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

function Invitations({ teamId }: { teamId: string }) {
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
    <section className={CARD} aria-labelledby="team-invitations">
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
        <button type="submit" className={PRIMARY} disabled={send.isPending || !email.trim()}>
          Send invitation
        </button>
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
                <button
                  type="button"
                  className={SECONDARY}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(invitation.invitationId, { onSuccess: setIssued })}
                  aria-label={`Resend to ${invitation.email}`}
                >
                  Resend
                </button>
                <button
                  type="button"
                  className={DANGER}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.invitationId)}
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                >
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UsageTable({ teamId }: { teamId: string }) {
  const usage = useQuery(teamUsageQuery(teamId));
  return (
    <section className={CARD} aria-labelledby="team-usage">
      <h2 id="team-usage" className="text-lg font-semibold text-slate-900">
        Usage
      </h2>
      {usage.error ? <FormBanner message={errorMessage(usage.error)} /> : null}
      {usage.data ? (
        <>
          <ScrollRegion label="Usage per member" className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    Member
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Tokens today
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    On provider keys
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Server minutes ({usage.data.month})
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {usage.data.members.map((row) => (
                  <tr key={row.userId}>
                    <td className="py-2 text-slate-900">{row.email}</td>
                    <td className="py-2 text-right">{row.tokensToday.toLocaleString()}</td>
                    <td className="py-2 text-right">{row.keyTokensToday.toLocaleString()}</td>
                    <td className="py-2 text-right">
                      {Math.floor(row.computeMinutesThisMonth).toLocaleString()}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="mt-3 text-sm text-slate-500">
            Team servers: {Math.floor(usage.data.teamServers.computeMinutesThisMonth).toLocaleString()}{' '}
            minutes this month.
          </p>
          <TeamOverage teamId={teamId} overage={usage.data.overage} />
        </>
      ) : null}
    </section>
  );
}

/** Admins: the team's provider keys (masked); members chat with them in the team space, never seeing them. */
function TeamKeys({ teamId }: { teamId: string }) {
  const keys = useQuery(teamKeysQuery(teamId));
  const [provider, setProvider] = useState<ApiKeyProvider>('anthropic');
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const custom = provider === 'custom';
  const add = useTeamAction(() =>
    addTeamKey(teamId, {
      provider,
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(custom && baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    }),
  );
  const remove = useTeamAction((keyId: string) => deleteTeamKey(teamId, keyId));
  const error = add.error ?? remove.error ?? keys.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(undefined, {
      onSuccess: () => {
        setApiKey('');
        setBaseUrl('');
      },
    });
  };
  return (
    <section className={CARD} aria-labelledby="team-keys">
      <h2 id="team-keys" className="text-lg font-semibold text-slate-900">
        Team provider keys
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        Members chat with these in the team space; they never see them.
      </p>
      {error ? <FormBanner message={errorMessage(error)} /> : null}
      <ul className="mt-4 divide-y divide-slate-100">
        {(keys.data ?? []).map((key) => (
          <li key={key.id} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              {key.label || PROVIDER_DISPLAY_NAMES[key.provider]}
              {key.last4 ? <span className="ml-2 font-mono text-slate-500">••••{key.last4}</span> : null}
            </span>
            <button
              type="button"
              className={DANGER}
              disabled={remove.isPending}
              onClick={() => remove.mutate(key.id)}
              aria-label={`Delete the team key ${key.label || PROVIDER_DISPLAY_NAMES[key.provider]}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Add a team key">
        <SelectField
          label="Provider"
          value={provider}
          onChange={(event) => setProvider(event.target.value as ApiKeyProvider)}
          options={API_KEY_PROVIDERS.map((id) => ({ value: id, label: PROVIDER_DISPLAY_NAMES[id] }))}
        />
        {custom ? (
          <div className="min-w-56 flex-1">
            <TextField
              label="Base URL"
              type="url"
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
              required
            />
          </div>
        ) : null}
        <div className="min-w-56 flex-1">
          <TextField
            label={custom ? 'API key (optional)' : 'API key'}
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            required={!custom}
          />
        </div>
        <button type="submit" className={PRIMARY} disabled={add.isPending}>
          Add key
        </button>
      </form>
    </section>
  );
}

/** The team's plan; Admins of a team on Free subscribe it to Teams (Stripe Checkout, one seat per member). */
function PlanLine({ detail, admin }: { detail: TeamDetail; admin: boolean }) {
  const teamId = detail.team.teamId;
  const checkout = useTeamAction(() => {
    const here = `${window.location.origin}/teams`;
    return teamCheckout(teamId, { successUrl: here, cancelUrl: here });
  });
  const portal = useTeamAction(() => teamPortal(teamId, `${window.location.origin}/teams`));
  const { plan } = detail;
  const paid = plan.tier !== 'free';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>
        {paid
          ? `Plan: Teams, ${plan.seats} seat${plan.seats === 1 ? '' : 's'}${plan.status === 'active' ? '' : ` (${plan.status})`}${plan.cancelAtPeriodEnd ? ', ends at the period end' : ''}`
          : 'Plan: Free'}
      </span>
      {admin && !paid ? (
        <button
          type="button"
          className={SECONDARY}
          disabled={checkout.isPending}
          onClick={() =>
            checkout.mutate(undefined, {
              onSuccess: ({ url }) => window.location.assign(url),
            })
          }
        >
          Subscribe to Teams
        </button>
      ) : null}
      {admin && paid ? (
        <button
          type="button"
          className={SECONDARY}
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
        >
          Manage subscription
        </button>
      ) : null}
      {(checkout.error ?? portal.error) ? (
        <span className="text-red-600">{errorMessage(checkout.error ?? portal.error)}</span>
      ) : null}
    </div>
  );
}
