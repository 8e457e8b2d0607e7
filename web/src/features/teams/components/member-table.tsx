import { errorMessage, TEAM_ROLES, type TeamDetail, type TeamRole } from '@agentforge/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { ScrollRegion } from '../../../components/scroll-region';
import { toast } from '../../../components/toast/toaster-store';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useAuth } from '../../auth/hooks/use-auth';
import { useTeamAction } from '../api/queries';
import { changeRole, removeMember, transferOwnership } from '../api/teams';
import { ROLE_LABELS } from '../utils/membership';

/** The team's members; Admins change roles and remove members, the owner hands ownership on. */
export function MemberTable({
  detail,
  admin,
  owner,
}: {
  detail: TeamDetail;
  admin: boolean;
  owner: boolean;
}) {
  const teamId = detail.team.teamId;
  // One's own membership ends with 'Leave team', not 'Remove'.
  const myUserId = useAuth().user?.userId;
  const role = useTeamAction((args: { userId: string; role: TeamRole }) =>
    changeRole(teamId, args.userId, args.role),
  );
  // A role change asks first (it widens or narrows what the member may do), then says it is done.
  const [roleChange, setRoleChange] = useState<{ userId: string; email: string; role: TeamRole } | null>(
    null,
  );
  const confirmRole = () => {
    if (!roleChange) return;
    const { userId, email, role: next } = roleChange;
    role.mutate(
      { userId, role: next },
      { onSuccess: () => toast({ title: `${email}'s role is now ${ROLE_LABELS[next]}` }) },
    );
  };
  const remove = useTeamAction((userId: string) => removeMember(teamId, userId));
  const transfer = useTeamAction((userId: string) => transferOwnership(teamId, userId));
  const error = role.error ?? remove.error ?? transfer.error;
  return (
    <>
      {error ? <FormBanner message={errorMessage(error)} /> : null}
      <ScrollRegion label="Members" className="mt-4 overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Member</TableHead>
              <TableHead>Role</TableHead>
              {admin ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.members.map((member) => (
              <TableRow key={member.userId}>
                <TableCell className="text-slate-900">
                  {member.email}
                  {member.isOwner ? <span className="ml-2 text-xs text-slate-500">Owner</span> : null}
                </TableCell>
                <TableCell>
                  {admin && !member.isOwner ? (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={role.isPending}
                      onChange={(event) =>
                        setRoleChange({
                          userId: member.userId,
                          email: member.email,
                          role: event.target.value as TeamRole,
                        })
                      }
                    >
                      {TEAM_ROLES.map((value) => (
                        <option key={value} value={value}>
                          {ROLE_LABELS[value]}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </TableCell>
                {admin ? (
                  <TableCell className="space-x-2 text-right">
                    {owner && !member.isOwner ? (
                      <ConfirmDialog
                        trigger={
                          <Button disabled={transfer.isPending} aria-label={`Make ${member.email} the owner`}>
                            Make owner
                          </Button>
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
                          <Button
                            variant="danger"
                            disabled={remove.isPending}
                            aria-label={`Remove ${member.email}`}
                          >
                            Remove
                          </Button>
                        }
                        title={`Remove ${member.email}?`}
                        description={`${member.email} loses access to the team's servers, provider keys and plan at once. To come back they need a new invitation.`}
                        confirmLabel="Remove"
                        onConfirm={() => remove.mutate(member.userId)}
                      />
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {roleChange ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setRoleChange(null)}
          title={`Change ${roleChange.email}'s role to ${ROLE_LABELS[roleChange.role]}?`}
          description={
            roleChange.role === 'admin'
              ? `${roleChange.email} will manage the team: its members, invitations, servers, provider keys and plan.`
              : `${roleChange.email} will no longer manage the team; they keep using its servers and provider keys.`
          }
          confirmLabel="Change role"
          onConfirm={confirmRole}
        />
      ) : null}
    </>
  );
}
