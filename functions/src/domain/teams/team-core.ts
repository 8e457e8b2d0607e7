import { TEAM_MESSAGES, type TeamDetail } from '@agentforge/shared';
import type { UsageReader } from '../billing/ports.js';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { Mailer } from '../mail.js';
import type {
  MemberRecord,
  MyTeamsIndex,
  TeamEvent,
  TeamEventListener,
  TeamRecord,
  TeamSeats,
  TeamStore,
} from './ports.js';
import { departureRefusal, refusal, type TeamAction } from './roles.js';
import { memberView, summary } from './team-views.js';

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

/** A member and the team, read from our records: the authorization of every team route. */
export interface TeamAccess {
  team: TeamRecord;
  member: MemberRecord;
  isOwner: boolean;
}

/**
 * What every part of the team service shares (team-service.ts composes them): the caller's
 * authorization, the announcement of what took effect, the seats that follow the members, a
 * membership's removal with the team's invariants, and the team as its members read it.
 */
export function createTeamCore(deps: TeamServiceDeps) {
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

  return { deps, store, announce, authorize, syncSeats, depart, get };
}
export type TeamCore = ReturnType<typeof createTeamCore>;
