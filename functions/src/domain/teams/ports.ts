import type { TeamPlan, TeamRole } from '@agentforge/shared';
import type { Caller } from '../caller.js';

/** The team's record (teams table, `teamId` / `META`). */
export interface TeamRecord {
  teamId: string;
  name: string;
  ownerId: string;
  /** Kept with conditional ADDs: the last-Admin rule holds under concurrent demotions. */
  adminCount: number;
  memberCount: number;
  /** Epoch ms. */
  createdAt: number;
}

/** A membership (teams table, `teamId` / `MEMBER#<userId>`; listed in the person's "my teams"). */
export interface MemberRecord {
  teamId: string;
  userId: string;
  email: string;
  role: TeamRole;
  /** Epoch ms. */
  joinedAt: number;
}

/** A pending invitation (teams table, `teamId` / `INVITE#<invitationId>`; GSI byInviteCode on `codeHash`). */
export interface InvitationRecord {
  teamId: string;
  invitationId: string;
  /** Lower-cased. */
  email: string;
  role: TeamRole;
  /** SHA-256 of the code (hex): the code itself is only ever in the e-mail. */
  codeHash: string;
  invitedBy: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms; expired invitations are filtered on read (no TTL deletion, like the other tables). */
  expiresAt: number;
}

/** The teams table, as the teams domain uses it; every write is single-item and conditional. */
export interface TeamStore {
  createTeam(team: TeamRecord, owner: MemberRecord): Promise<void>;
  getTeam(teamId: string): Promise<TeamRecord | undefined>;
  /** Consistent read of one membership: the authorization check of every team route. */
  getMember(teamId: string, userId: string): Promise<MemberRecord | undefined>;
  listMembers(teamId: string): Promise<MemberRecord[]>;
  /** Puts the membership if absent; false when the person is a member already. */
  addMember(member: MemberRecord): Promise<boolean>;
  /** Sets the role only if it is `from`; false when it was not (changed meanwhile or gone). */
  setRole(teamId: string, userId: string, from: TeamRole, to: TeamRole): Promise<boolean>;
  /** Deletes the membership; the deleted record, or undefined when there was none. */
  removeMember(teamId: string, userId: string): Promise<MemberRecord | undefined>;
  /** `adminCount += delta`, and when `delta < 0` only if at least one Admin remains; false when refused. */
  addAdmins(teamId: string, delta: number): Promise<boolean>;
  addMembers(teamId: string, delta: number): Promise<void>;
  /** Sets the owner only if it is `from`; false otherwise. */
  setOwner(teamId: string, from: string, to: string): Promise<boolean>;

  putInvitation(invitation: InvitationRecord): Promise<void>;
  getInvitation(teamId: string, invitationId: string): Promise<InvitationRecord | undefined>;
  listInvitations(teamId: string): Promise<InvitationRecord[]>;
  findInvitationByCodeHash(codeHash: string): Promise<InvitationRecord | undefined>;
  /** Replaces the code and expiry of an existing invitation; false when it is gone. */
  renewInvitation(
    teamId: string,
    invitationId: string,
    codeHash: string,
    expiresAt: number,
  ): Promise<boolean>;
  /** Deletes it, only with this code hash when given (an accepted code is used once); false when not deleted. */
  deleteInvitation(teamId: string, invitationId: string, codeHash?: string): Promise<boolean>;
  /** Sets the team's name; false when the team is gone. */
  renameTeam(teamId: string, name: string): Promise<boolean>;
  /** Deletes the team's record (its memberships and invitations are deleted first). */
  deleteTeam(teamId: string): Promise<void>;
}

/**
 * "My teams" (adapters/dynamodb/my-teams): the teams a person belongs to, read by the plan lookup
 * and the team scope. Added after a membership is written, removed before it is deleted.
 */
export interface MyTeamsIndex {
  teamIdsOf(userId: string): Promise<string[]>;
  add(userId: string, teamId: string): Promise<void>;
  remove(userId: string, teamId: string): Promise<void>;
}

/**
 * What happened in a team: each action is announced to the listeners after it took effect. The
 * seats listener keeps the Stripe quantity in step; the audit log (its own issue) subscribes here.
 */
export type TeamEvent =
  | { type: 'team.created'; teamId: string; actorId: string; at: number }
  | { type: 'team.renamed'; teamId: string; actorId: string; from: string; to: string; at: number }
  /** The team is gone; its audit chain stays (append-only). */
  | { type: 'team.deleted'; teamId: string; actorId: string; name: string; at: number }
  /** An Admin set the most the team space's overage may cost in a month. */
  | { type: 'team.overage_cap_changed'; teamId: string; actorId: string; capUsd: number; at: number }
  | { type: 'member.invited'; teamId: string; actorId: string; email: string; role: TeamRole; at: number }
  | { type: 'invitation.resent'; teamId: string; actorId: string; email: string; at: number }
  | { type: 'invitation.revoked'; teamId: string; actorId: string; email: string; at: number }
  /** The invitee turned it down (the actor is the invitee). */
  | { type: 'invitation.declined'; teamId: string; actorId: string; email: string; at: number }
  | {
      type: 'member.joined';
      teamId: string;
      actorId: string;
      role: TeamRole;
      /** The invitation let a waitlisted person in (a waitlist stage). */
      admitted?: boolean;
      at: number;
    }
  | {
      type: 'member.role_changed';
      teamId: string;
      actorId: string;
      targetUserId: string;
      from: TeamRole;
      to: TeamRole;
      at: number;
    }
  | { type: 'member.removed'; teamId: string; actorId: string; targetUserId: string; at: number }
  | { type: 'member.left'; teamId: string; actorId: string; at: number }
  | { type: 'team.ownership_transferred'; teamId: string; actorId: string; targetUserId: string; at: number };

/** Told of each action after it took effect, with the verified caller who did it (its client: IP, user agent). */
export type TeamEventListener = (event: TeamEvent, caller: Caller) => Promise<void> | void;

/** The team's Stripe subscription, as the teams domain needs it (seats follow the members). */
export interface TeamSeats {
  /** The team's subscription as our billing record has it (Free without one). */
  plan(teamId: string): Promise<TeamPlan>;
  /** Sets the subscription's seat quantity (prorated) when the team has a live subscription. */
  setSeats(teamId: string, seats: number): Promise<void>;
  /**
   * Cancels every live subscription of the team at once (the team is being deleted), then syncs
   * its billing record; nothing to do without one. Throws when Stripe refuses or is unreachable.
   */
  cancel(teamId: string): Promise<void>;
  /** The most the team space's overage may cost in a month (USD; the billing record's, else the default). */
  overageCap(teamId: string): Promise<number>;
  setOverageCap(teamId: string, capUsd: number): Promise<void>;
  /** A Customer Portal session of the team's Stripe customer (card, invoices, cancel); the URL. */
  portal(teamId: string, returnUrl: string): Promise<string>;
  /** A Checkout Session for the Teams plan with `seats` seats; the URL. */
  checkout(
    teamId: string,
    email: string,
    input: { seats: number; successUrl: string; cancelUrl: string },
  ): Promise<string>;
}
