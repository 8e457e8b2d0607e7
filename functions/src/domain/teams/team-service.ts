import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type AcceptInvitationBody,
  type CreateInvitationBody,
  type CreateTeamBody,
  type IssuedInvitation,
  isPaidTier,
  type ListInvitationsResponse,
  type ListTeamsResponse,
  type RenameTeamBody,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  type TeamCheckoutBody,
  type TeamDetail,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
  type TeamSummary,
  type TeamUsage,
} from '@agentforge/shared';
import type { UsageReader } from '../billing/ports.js';
import { overageView } from '../billing/subscription-service.js';
import { LIVE_STATUSES } from '../billing/subscription-sync.js';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { teamAccount } from '../limits/usage-account.js';
import type { Mailer } from '../mail.js';
import type {
  InvitationRecord,
  MemberRecord,
  MyTeamsIndex,
  TeamEvent,
  TeamEventListener,
  TeamRecord,
  TeamSeats,
  TeamStore,
} from './ports.js';
import { departureRefusal, refusal, roleChangeRefusal, type TeamAction, teamOwnerId } from './roles.js';

export interface TeamServiceDeps {
  store: TeamStore;
  myTeams: MyTeamsIndex;
  mailer: Mailer;
  seats: TeamSeats;
  /** Each member's usage in the team space and the team's overage, for the team's Admins. */
  usage: Pick<UsageReader, 'dailyTokens' | 'computeMinutes' | 'overageTokens'>;
  /** Told of every action once it took effect (the audit log subscribes here); errors are theirs. */
  listeners: readonly TeamEventListener[];
  /** Where the invitation e-mail's link points: `<appUrl>/teams/join?code=…`. */
  appUrl: () => Promise<string>;
  newId: () => string;
  now: () => number;
  /**
   * An accepted invitation admits its invitee on a waitlist stage (an invitation from a team is an
   * admission, `domain/users/admission.ts`); true when it admitted them now.
   */
  admitInvitee: (userId: string) => Promise<boolean>;
  /** A listener that failed: logged, never undoes the action. */
  onListenerError?: (event: TeamEvent, error: unknown) => void;
  /** A seat update that failed (Stripe unreachable): logged; the next membership change sets the count again. */
  onSeatsError?: (teamId: string, error: unknown) => void;
}

const DAY_MS = 24 * 3600 * 1000;
const iso = (at: number) => new Date(at).toISOString();
export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
/** 32 characters of base64url: 192 random bits. */
const newCode = () => randomBytes(24).toString('base64url');

/** A member and the team, read from our records: the authorization of every team route. */
export interface TeamAccess {
  team: TeamRecord;
  member: MemberRecord;
  isOwner: boolean;
}

export function createTeamService(deps: TeamServiceDeps) {
  const { store } = deps;

  async function announce(caller: Caller, event: TeamEvent): Promise<void> {
    for (const listener of deps.listeners) {
      try {
        await listener(event, caller);
      } catch (error) {
        deps.onListenerError?.(event, error);
      }
    }
  }

  /**
   * The caller's membership, or 404 (not a member: another team's, a removed member's or an unknown
   * team look the same); 403 with the reason when the role does not allow the action.
   */
  async function authorize(caller: Caller, teamId: string, action: TeamAction): Promise<TeamAccess> {
    const member = await store.getMember(teamId, caller.userId);
    const team = member && (await store.getTeam(teamId));
    if (!member || !team) throw new NotFoundError(TEAM_MESSAGES.notFound);
    const access = { team, member, isOwner: team.ownerId === caller.userId };
    const reason = refusal({ role: member.role, isOwner: access.isOwner }, action);
    if (reason) throw new ForbiddenError(reason);
    return access;
  }

  const summary = (team: TeamRecord, member: MemberRecord): TeamSummary => ({
    teamId: team.teamId,
    name: team.name,
    role: member.role,
    isOwner: team.ownerId === member.userId,
    memberCount: team.memberCount,
    createdAt: iso(team.createdAt),
  });

  const memberView = (team: TeamRecord, member: MemberRecord): TeamMember => ({
    userId: member.userId,
    email: member.email,
    role: member.role,
    isOwner: team.ownerId === member.userId,
    joinedAt: iso(member.joinedAt),
  });

  const invitationView = (invitation: InvitationRecord): TeamInvitation => ({
    invitationId: invitation.invitationId,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    createdAt: iso(invitation.createdAt),
    expiresAt: iso(invitation.expiresAt),
  });

  const joinUrlOf = async (code: string) =>
    `${await deps.appUrl()}/teams/join?code=${encodeURIComponent(code)}`;

  async function sendInvitation(team: TeamRecord, inviter: Caller, email: string, code: string) {
    const link = await joinUrlOf(code);
    await deps.mailer.send({
      to: email,
      kind: 'team-invitation',
      subject: TEAM_MESSAGES.invitationSubject(team.name),
      code,
      text: [
        `${inviter.email || 'A team Admin'} invited you to join the team "${team.name}" on AgentForge.`,
        '',
        `Accept the invitation: ${link}`,
        `Or enter this code on the Team page: ${code}`,
        '',
        `Sign in with this e-mail address (${email}) to accept. The invitation expires in ${TEAM_INVITATION_TTL_DAYS} days.`,
      ].join('\n'),
    });
  }

  /** Seats follow the members: the count is read back from the memberships, not the counter. */
  async function syncSeats(teamId: string): Promise<void> {
    try {
      const members = await store.listMembers(teamId);
      await deps.seats.setSeats(teamId, Math.max(1, members.length));
    } catch (error) {
      deps.onSeatsError?.(teamId, error);
    }
  }

  /** Removes a membership keeping the invariants (the owner stays, one Admin at least). */
  async function depart(access: TeamAccess, target: MemberRecord): Promise<void> {
    const reason = departureRefusal(access.team, target);
    if (reason) throw new ConflictError(reason);
    if (target.role === 'admin' && !(await store.addAdmins(access.team.teamId, -1)))
      throw new ConflictError(TEAM_MESSAGES.lastAdmin);
    // Out of "my teams" first: access to the team's keys and plan ends before the membership is gone.
    await deps.myTeams.remove(target.userId, access.team.teamId);
    const removed = await store.removeMember(access.team.teamId, target.userId);
    if (!removed) {
      if (target.role === 'admin') await store.addAdmins(access.team.teamId, 1);
      throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
    }
    // A member who was demoted meanwhile: the Admin count was taken for an Admin who no longer was one.
    if (removed.role !== target.role)
      await store.addAdmins(access.team.teamId, target.role === 'admin' ? 1 : -1);
    await store.addMembers(access.team.teamId, -1);
    await syncSeats(access.team.teamId);
  }

  async function get(caller: Caller, teamId: string): Promise<TeamDetail> {
    const { team, member } = await authorize(caller, teamId, 'read');
    const [members, plan] = await Promise.all([store.listMembers(teamId), deps.seats.plan(teamId)]);
    return {
      team: summary(team, member),
      plan,
      members: members
        .map((m) => memberView(team, m))
        .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.email.localeCompare(b.email)),
    };
  }

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

    async invite(caller: Caller, teamId: string, body: CreateInvitationBody): Promise<IssuedInvitation> {
      const { team } = await authorize(caller, teamId, 'invite');
      const email = body.email.toLowerCase();
      const [members, invitations] = await Promise.all([
        store.listMembers(teamId),
        store.listInvitations(teamId),
      ]);
      if (members.some((m) => m.email === email)) throw new ConflictError(TEAM_MESSAGES.alreadyMember);
      const at = deps.now();
      if (invitations.some((i) => i.email === email && i.expiresAt > at))
        throw new ConflictError(TEAM_MESSAGES.alreadyInvited);
      const code = newCode();
      const invitation: InvitationRecord = {
        teamId,
        invitationId: deps.newId(),
        email,
        role: body.role,
        codeHash: hashCode(code),
        invitedBy: caller.userId,
        createdAt: at,
        expiresAt: at + TEAM_INVITATION_TTL_DAYS * DAY_MS,
      };
      await store.putInvitation(invitation);
      await sendInvitation(team, caller, email, code);
      await announce(caller, {
        type: 'member.invited',
        teamId,
        actorId: caller.userId,
        email,
        role: body.role,
        at,
      });
      return { ...invitationView(invitation), joinUrl: await joinUrlOf(code) };
    },

    async listInvitations(caller: Caller, teamId: string): Promise<ListInvitationsResponse> {
      await authorize(caller, teamId, 'invite');
      const at = deps.now();
      const invitations = (await store.listInvitations(teamId)).filter((i) => i.expiresAt > at);
      return {
        invitations: invitations.sort((a, b) => a.createdAt - b.createdAt).map(invitationView),
      };
    },

    /** A new code and a new week; the old code stops working. */
    async resendInvitation(caller: Caller, teamId: string, invitationId: string): Promise<IssuedInvitation> {
      const { team } = await authorize(caller, teamId, 'invite');
      const invitation = await store.getInvitation(teamId, invitationId);
      if (!invitation) throw new NotFoundError(TEAM_MESSAGES.invitationNotFound);
      const code = newCode();
      const at = deps.now();
      const expiresAt = at + TEAM_INVITATION_TTL_DAYS * DAY_MS;
      if (!(await store.renewInvitation(teamId, invitationId, hashCode(code), expiresAt)))
        throw new NotFoundError(TEAM_MESSAGES.invitationNotFound);
      await sendInvitation(team, caller, invitation.email, code);
      await announce(caller, {
        type: 'invitation.resent',
        teamId,
        actorId: caller.userId,
        email: invitation.email,
        at,
      });
      return {
        ...invitationView({ ...invitation, codeHash: hashCode(code), expiresAt }),
        joinUrl: await joinUrlOf(code),
      };
    },

    async revokeInvitation(caller: Caller, teamId: string, invitationId: string): Promise<void> {
      await authorize(caller, teamId, 'invite');
      const invitation = await store.getInvitation(teamId, invitationId);
      if (!invitation || !(await store.deleteInvitation(teamId, invitationId)))
        throw new NotFoundError(TEAM_MESSAGES.invitationNotFound);
      await announce(caller, {
        type: 'invitation.revoked',
        teamId,
        actorId: caller.userId,
        email: invitation.email,
        at: deps.now(),
      });
    },

    /** The invitee, signed in with the invited address, joins with the code (used once). */
    async accept(caller: Caller, body: AcceptInvitationBody): Promise<TeamSummary> {
      const codeHash = hashCode(body.code);
      const found = await store.findInvitationByCodeHash(codeHash);
      // The index found it; the table confirms it (a resend or revoke may be newer than the index).
      const invitation = found && (await store.getInvitation(found.teamId, found.invitationId));
      const at = deps.now();
      if (!invitation || invitation.codeHash !== codeHash || invitation.expiresAt <= at)
        throw new NotFoundError(TEAM_MESSAGES.invitationInvalid);
      // Only an address proven the caller's (email_verified) accepts an invitation sent to it.
      if (!caller.emailVerified || invitation.email !== caller.email.toLowerCase())
        throw new ForbiddenError(TEAM_MESSAGES.invitationForAnotherEmail);
      // A valid invitation to this address admits a waitlisted invitee (before the join: a retry
      // after a failure finds the invitation still there).
      const admitted = await deps.admitInvitee(caller.userId);
      const member: MemberRecord = {
        teamId: invitation.teamId,
        userId: caller.userId,
        email: invitation.email,
        role: invitation.role,
        joinedAt: at,
      };
      if (!(await store.addMember(member))) {
        await store.deleteInvitation(invitation.teamId, invitation.invitationId, codeHash);
        throw new ConflictError(TEAM_MESSAGES.alreadyMember);
      }
      await deps.myTeams.add(caller.userId, invitation.teamId);
      // The code is used once: a second acceptance finds nothing to delete and the member stays one.
      await store.deleteInvitation(invitation.teamId, invitation.invitationId, codeHash);
      if (member.role === 'admin') await store.addAdmins(invitation.teamId, 1);
      await store.addMembers(invitation.teamId, 1);
      await syncSeats(invitation.teamId);
      await announce(caller, {
        type: 'member.joined',
        teamId: invitation.teamId,
        actorId: caller.userId,
        role: member.role,
        ...(admitted ? { admitted } : {}),
        at,
      });
      const team = await store.getTeam(invitation.teamId);
      if (!team) throw new NotFoundError(TEAM_MESSAGES.notFound);
      return summary(team, member);
    },

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

    /**
     * Admins: each member's tokens today in the team space (the team's counters) and compute this
     * month, the team servers' compute, and the month's overage billed to the team with its cap.
     */
    async usage(caller: Caller, teamId: string): Promise<TeamUsage> {
      await authorize(caller, teamId, 'viewUsage');
      const at = new Date(deps.now()).toISOString();
      const date = at.slice(0, 10);
      const month = at.slice(0, 7);
      const members = await store.listMembers(teamId);
      const rows = await Promise.all(
        members.map(async (member) => {
          const [[today], minutes] = await Promise.all([
            deps.usage.dailyTokens(teamAccount(teamId, member.userId), [date]),
            deps.usage.computeMinutes(member.userId, month),
          ]);
          return {
            userId: member.userId,
            email: member.email,
            role: member.role,
            tokensToday: today?.tokens ?? 0,
            keyTokensToday: today?.ownKeyTokens ?? 0,
            computeMinutesThisMonth: minutes,
          };
        }),
      );
      return {
        date,
        month,
        members: rows.sort((a, b) => b.tokensToday - a.tokensToday || a.email.localeCompare(b.email)),
        teamServers: { computeMinutesThisMonth: await deps.usage.computeMinutes(teamOwnerId(teamId), month) },
        overage: overageView(
          await deps.usage.overageTokens(teamOwnerId(teamId), month),
          await deps.seats.overageCap(teamId),
        ),
      };
    },

    /** Admins: the most the team space's overage may cost this month (past it, over-limit calls are refused). */
    async setOverageCap(caller: Caller, teamId: string, capUsd: number): Promise<{ capUsd: number }> {
      await authorize(caller, teamId, 'manageBilling');
      await deps.seats.setOverageCap(teamId, capUsd);
      await announce(caller, {
        type: 'team.overage_cap_changed',
        teamId,
        actorId: caller.userId,
        capUsd,
        at: deps.now(),
      });
      return { capUsd };
    },

    /** Admins: the team's Stripe Customer Portal (card, invoices, cancel); 404 before a first checkout. */
    async portal(caller: Caller, teamId: string, returnUrl: string): Promise<{ url: string }> {
      await authorize(caller, teamId, 'manageBilling');
      return { url: await deps.seats.portal(teamId, returnUrl) };
    },

    /** An Admin subscribes the team to Teams: one seat per member (the seats then follow the members). */
    async checkout(caller: Caller, teamId: string, body: TeamCheckoutBody): Promise<{ url: string }> {
      await authorize(caller, teamId, 'manageBilling');
      const members = await store.listMembers(teamId);
      const url = await deps.seats.checkout(teamId, caller.email, {
        seats: Math.max(1, members.length),
        ...body,
      });
      return { url };
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
