import { errorMessage, type TeamSummary } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../auth/hooks/use-auth';
import { teamQuery, useTeamAction } from '../api/queries';
import { leaveTeam } from '../api/teams';
import { leftTeam } from '../utils/membership';
import { MemberTable } from './member-table';
import { SharedConversations } from './shared-conversations';
import { TeamInvitations } from './team-invitations';
import { TeamKeys } from './team-keys';
import { TeamPlan } from './team-plan';
import { TeamSettings } from './team-settings';
import { TeamSso } from './team-sso';
import { TeamUsage } from './team-usage';

/** The chosen team: its members and plan for everyone, its administration for Admins. */
export function TeamPanel({ summary }: { summary: TeamSummary }) {
  const detail = useQuery(teamQuery(summary.teamId));
  const admin = summary.role === 'admin';
  return (
    <div className="space-y-6">
      <Card asChild>
        <section aria-labelledby="team-members">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="team-members" className="text-lg font-semibold text-slate-900">
              {summary.name}: members
            </h2>
            <LeaveButton summary={summary} />
          </div>
          {detail.error ? <FormBanner message={errorMessage(detail.error)} /> : null}
          {detail.data ? <TeamPlan detail={detail.data} admin={admin} /> : null}
          {detail.data ? <MemberTable detail={detail.data} admin={admin} owner={summary.isOwner} /> : null}
        </section>
      </Card>
      <SharedConversations teamId={summary.teamId} />
      {admin ? <TeamInvitations teamId={summary.teamId} /> : null}
      {admin ? <TeamKeys teamId={summary.teamId} /> : null}
      {admin ? <TeamUsage teamId={summary.teamId} /> : null}
      {admin ? <TeamSso teamId={summary.teamId} /> : null}
      {admin ? <TeamSettings summary={summary} /> : null}
    </div>
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
          <Button variant="danger" disabled={leave.isPending}>
            Leave team
          </Button>
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
