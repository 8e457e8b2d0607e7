import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationBody,
  type CreateInvitationBody,
  type InvitationPreview,
  type IssuedInvitation,
  type ListInvitationsResponse,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  type TeamSummary,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { InvitationRecord, MemberRecord, TeamRecord } from './ports.js';
import type { TeamCore } from './team-core.js';
import { invitationView, summary } from './team-views.js';

const DAY_MS = 24 * 3600 * 1000;
export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
/** 32 characters of base64url: 192 random bits. */
const newCode = () => randomBytes(24).toString('base64url');

/** Invitations: Admins invite by e-mail (a code, stored hashed), resend or revoke; the invitee accepts. */
export function createTeamInvitations({ deps, store, announce, authorize, syncSeats }: TeamCore) {
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

  /**
   * The invitation this code opens, for its invitee only: 404 for a code that opens none (unknown,
   * resent, revoked, used), 403 for any other caller, as on accepting. Expired ones are returned
   * (the invitee sees that it expired) unless `live` is asked.
   */
  async function invitationFor(caller: Caller, code: string, live: boolean): Promise<InvitationRecord> {
    const codeHash = hashCode(code);
    const found = await store.findInvitationByCodeHash(codeHash);
    // The index found it; the table confirms it (a resend or revoke may be newer than the index).
    const invitation = found && (await store.getInvitation(found.teamId, found.invitationId));
    if (!invitation || invitation.codeHash !== codeHash || (live && invitation.expiresAt <= deps.now()))
      throw new NotFoundError(TEAM_MESSAGES.invitationInvalid);
    // Only an address proven the caller's (email_verified) opens an invitation sent to it.
    if (!caller.emailVerified || invitation.email !== caller.email.toLowerCase())
      throw new ForbiddenError(TEAM_MESSAGES.invitationForAnotherEmail);
    return invitation;
  }

  return {
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

    /** The invitee reads who invites them where, as what, and until when. */
    async readInvitation(caller: Caller, body: AcceptInvitationBody): Promise<InvitationPreview> {
      const invitation = await invitationFor(caller, body.code, false);
      const [team, inviter] = await Promise.all([
        store.getTeam(invitation.teamId),
        store.getMember(invitation.teamId, invitation.invitedBy),
      ]);
      if (!team) throw new NotFoundError(TEAM_MESSAGES.invitationInvalid);
      return {
        teamName: team.name,
        invitedByEmail: inviter?.email ?? null,
        role: invitation.role,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        expired: invitation.expiresAt <= deps.now(),
      };
    },

    /** The invitee declines: the invitation is deleted (no longer pending for the team's Admins). */
    async decline(caller: Caller, body: AcceptInvitationBody): Promise<void> {
      const invitation = await invitationFor(caller, body.code, false);
      if (!(await store.deleteInvitation(invitation.teamId, invitation.invitationId, invitation.codeHash)))
        throw new NotFoundError(TEAM_MESSAGES.invitationInvalid);
      await announce(caller, {
        type: 'invitation.declined',
        teamId: invitation.teamId,
        actorId: caller.userId,
        email: invitation.email,
        at: deps.now(),
      });
    },

    /** The invitee, signed in with the invited address, joins with the code (used once). */
    async accept(caller: Caller, body: AcceptInvitationBody): Promise<TeamSummary> {
      const invitation = await invitationFor(caller, body.code, true);
      const { codeHash } = invitation;
      const at = deps.now();
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
  };
}
