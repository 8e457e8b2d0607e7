import {
  type CreateTeamBody,
  type ListTeamsResponse,
  type RenameTeamBody,
  TEAM_MESSAGES,
  type TeamSummary,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { MemberRecord, TeamRecord } from './ports.js';
import { createTeamBilling } from './team-billing.js';
import { createTeamCore, type TeamServiceDeps } from './team-core.js';
import { createTeamInvitations } from './team-invitations.js';
import { createTeamMembership } from './team-membership.js';
import { createTeamSsoJoin } from './team-sso-join.js';
import { summary } from './team-views.js';

/**
 * Teams: a team's life (created, listed, renamed, deleted) here, with its invitations
 * (team-invitations.ts), memberships (team-membership.ts) and subscription (team-billing.ts), all
 * on the shared authorization and announcements (team-core.ts).
 */
export function createTeamService(deps: TeamServiceDeps) {
  const core = createTeamCore(deps);
  const { store, announce, authorize, get } = core;

  return {
    authorize,

    async create(caller: Caller, body: CreateTeamBody): Promise<TeamSummary> {
      const at = deps.now();
      const team: TeamRecord = {
        teamId: deps.newId(),
        name: body.name,
        ownerId: caller.userId,
        adminCount: 1,
        memberCount: 1,
        createdAt: at,
      };
      const owner: MemberRecord = {
        teamId: team.teamId,
        userId: caller.userId,
        email: caller.email.toLowerCase(),
        role: 'admin',
        joinedAt: at,
      };
      await store.createTeam(team, owner);
      await deps.myTeams.add(caller.userId, team.teamId);
      await announce(caller, { type: 'team.created', teamId: team.teamId, actorId: caller.userId, at });
      return summary(team, owner);
    },

    async list(caller: Caller): Promise<ListTeamsResponse> {
      const teamIds = await deps.myTeams.teamIdsOf(caller.userId);
      const teams = await Promise.all(
        teamIds.map(async (teamId) => {
          // "My teams" is the index; the membership itself is the truth.
          const [member, team] = await Promise.all([
            store.getMember(teamId, caller.userId),
            store.getTeam(teamId),
          ]);
          return member && team ? summary(team, member) : undefined;
        }),
      );
      return {
        teams: teams
          .filter((team): team is TeamSummary => team !== undefined)
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    get,
    ...createTeamInvitations(core),
    ...createTeamMembership(core),
    /** Admins rename the team (validated like a new team's name). */
    async rename(caller: Caller, teamId: string, body: RenameTeamBody): Promise<TeamSummary> {
      const { team, member } = await authorize(caller, teamId, 'rename');
      if (body.name !== team.name) {
        if (!(await store.renameTeam(teamId, body.name))) throw new NotFoundError(TEAM_MESSAGES.notFound);
        await announce(caller, {
          type: 'team.renamed',
          teamId,
          actorId: caller.userId,
          from: team.name,
          to: body.name,
          at: deps.now(),
        });
      }
      return summary({ ...team, name: body.name }, member);
    },

    /**
     * Deleting a team, first half (the owner only; `team-deletion.ts` runs it all): the team's
     * subscription is cancelled at Stripe (a failure stops here, nothing is deleted), its invitations
     * go (no one joins any more), and every other member leaves "my teams", then the membership:
     * their access ends. The owner's membership stays, so a deletion that fails later can be retried.
     */
    async beginDeletion(caller: Caller, teamId: string): Promise<void> {
      await authorize(caller, teamId, 'deleteTeam');
      await deps.seats.cancel(teamId);
      for (const invitation of await store.listInvitations(teamId))
        await store.deleteInvitation(teamId, invitation.invitationId);
      for (const member of await store.listMembers(teamId)) {
        if (member.userId === caller.userId) continue;
        await deps.myTeams.remove(member.userId, teamId);
        await store.removeMember(teamId, member.userId);
      }
    },

    /** Deleting a team, last (after its resources went): the owner's membership, the team; `team.deleted`. */
    async completeDeletion(caller: Caller, teamId: string): Promise<void> {
      const team = await store.getTeam(teamId);
      if (!team) return;
      if (team.ownerId !== caller.userId) throw new ForbiddenError(TEAM_MESSAGES.ownerRequiredToDelete);
      for (const invitation of await store.listInvitations(teamId))
        await store.deleteInvitation(teamId, invitation.invitationId);
      await deps.myTeams.remove(caller.userId, teamId);
      await store.removeMember(teamId, caller.userId);
      await store.deleteTeam(teamId);
      await announce(caller, {
        type: 'team.deleted',
        teamId,
        actorId: caller.userId,
        name: team.name,
        at: deps.now(),
      });
    },

    ...createTeamBilling(core),
    ...createTeamSsoJoin(core),
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
