import type { TeamInvitation, TeamMember, TeamSummary } from '@agentforge/shared';
import type { InvitationRecord, MemberRecord, TeamRecord } from './ports.js';

/** A team's records as the API shows them. */
const iso = (at: number) => new Date(at).toISOString();

export const summary = (team: TeamRecord, member: MemberRecord): TeamSummary => ({
  teamId: team.teamId,
  name: team.name,
  role: member.role,
  isOwner: team.ownerId === member.userId,
  memberCount: team.memberCount,
  createdAt: iso(team.createdAt),
});

export const memberView = (team: TeamRecord, member: MemberRecord): TeamMember => ({
  userId: member.userId,
  email: member.email,
  role: member.role,
  isOwner: team.ownerId === member.userId,
  joinedAt: iso(member.joinedAt),
});

export const invitationView = (invitation: InvitationRecord): TeamInvitation => ({
  invitationId: invitation.invitationId,
  email: invitation.email,
  role: invitation.role,
  invitedBy: invitation.invitedBy,
  createdAt: iso(invitation.createdAt),
  expiresAt: iso(invitation.expiresAt),
});
