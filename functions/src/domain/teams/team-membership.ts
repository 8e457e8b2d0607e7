import {
  ACCOUNT_MESSAGES,
  isPaidTier,
  TEAM_MESSAGES,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
} from '@agentforge/shared';
import { LIVE_STATUSES } from '../billing/subscription-sync.js';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { roleChangeRefusal } from './roles.js';
import type { TeamAccess, TeamCore } from './team-core.js';
import { memberView } from './team-views.js';

/** Memberships: roles, removal and leaving, an account's departure from its teams, ownership. */
export function createTeamMembership({ deps, store, announce, authorize, depart, get }: TeamCore) {
  return {
    async changeRole(caller: Caller, teamId: string, userId: string, role: TeamRole): Promise<TeamMember> {
      const access = await authorize(caller, teamId, 'changeRole');
      const target = await store.getMember(teamId, userId);
      if (!target) throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
      const reason = roleChangeRefusal(access.team, target, role);
      if (reason) throw new ConflictError(reason);
      if (target.role !== role) {
        // Demotion takes an Admin off the count first, conditionally: two Admins demoting each
        // other at once cannot leave the team with none.
        if (role === 'user' && !(await store.addAdmins(teamId, -1)))
          throw new ConflictError(TEAM_MESSAGES.lastAdmin);
        if (!(await store.setRole(teamId, userId, target.role, role))) {
          if (role === 'user') await store.addAdmins(teamId, 1);
          throw new ConflictError('The member changed meanwhile. Reload and try again.');
        }
        if (role === 'admin') await store.addAdmins(teamId, 1);
        await announce(caller, {
          type: 'member.role_changed',
          teamId,
          actorId: caller.userId,
          targetUserId: userId,
          from: target.role,
          to: role,
          at: deps.now(),
        });
      }
      return memberView(access.team, { ...target, role });
    },

    /**
     * DELETE /teams/{teamId}/members/{userId}: an Admin removes a member; with the caller's own id,
     * any member leaves (the one leave path; `member.left`). Never the owner, never the last Admin.
     */
    async removeMember(caller: Caller, teamId: string, userId: string): Promise<void> {
      const access = await authorize(caller, teamId, userId === caller.userId ? 'leave' : 'removeMember');
      const target = userId === caller.userId ? access.member : await store.getMember(teamId, userId);
      if (!target) throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
      await depart(access, target);
      await announce(
        caller,
        userId === caller.userId
          ? { type: 'member.left', teamId, actorId: caller.userId, at: deps.now() }
          : { type: 'member.removed', teamId, actorId: caller.userId, targetUserId: userId, at: deps.now() },
      );
    },

    /**
     * Account deletion, before anything is deleted: refused (409) while the person owns a team with
     * other members (ownership is transferred first) or a team whose subscription still renews.
     * Otherwise the person leaves every team they do not own through the leave path (seats follow);
     * the teams they own alone are returned, to be deleted through the team deletion (`team-deletion.ts`).
     */
    async departAccount(caller: Caller): Promise<{ ownedAlone: string[] }> {
      const memberships: TeamAccess[] = [];
      const ownedAlone: string[] = [];
      for (const teamId of await deps.myTeams.teamIdsOf(caller.userId)) {
        const member = await store.getMember(teamId, caller.userId);
        const team = member && (await store.getTeam(teamId));
        if (!member || !team) {
          await deps.myTeams.remove(caller.userId, teamId);
          continue;
        }
        if (team.ownerId !== caller.userId) {
          memberships.push({ team, member, isOwner: false });
          continue;
        }
        const members = await store.listMembers(teamId);
        if (members.some((other) => other.userId !== caller.userId))
          throw new ConflictError(ACCOUNT_MESSAGES.transferOwnershipFirst(team.name));
        const plan = await deps.seats.plan(teamId);
        if (isPaidTier(plan.tier) && LIVE_STATUSES.has(plan.status) && !plan.cancelAtPeriodEnd)
          throw new ConflictError(ACCOUNT_MESSAGES.cancelTeamSubscriptionFirst(team.name));
        ownedAlone.push(teamId);
      }
      for (const access of memberships) {
        await depart(access, access.member);
        await announce(caller, {
          type: 'member.left',
          teamId: access.team.teamId,
          actorId: caller.userId,
          at: deps.now(),
        });
      }
      return { ownedAlone };
    },

    /** The owner hands the team to another member, who becomes an Admin if not one already. */
    async transferOwnership(caller: Caller, teamId: string, userId: string): Promise<TeamDetail> {
      await authorize(caller, teamId, 'transferOwnership');
      if (userId === caller.userId) throw new ConflictError(TEAM_MESSAGES.transferToSelf);
      const target = await store.getMember(teamId, userId);
      if (!target) throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
      if (target.role !== 'admin') {
        if (!(await store.setRole(teamId, userId, 'user', 'admin')))
          throw new ConflictError('The member changed meanwhile. Reload and try again.');
        await store.addAdmins(teamId, 1);
      }
      if (!(await store.setOwner(teamId, caller.userId, userId)))
        throw new ForbiddenError(TEAM_MESSAGES.ownerRequired);
      await announce(caller, {
        type: 'team.ownership_transferred',
        teamId,
        actorId: caller.userId,
        targetUserId: userId,
        at: deps.now(),
      });
      return get(caller, teamId);
    },
  };
}
