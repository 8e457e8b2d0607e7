import { TEAM_MESSAGES, type TeamRole } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { refusal, TEAM_OWNER_PREFIX, type TeamAction, teamOwnerId } from './roles.js';

/** "My teams", read from our records (adapters/dynamodb/team-membership). */
export interface TeamMemberships {
  /** The teams the caller belongs to ("my teams"; confirm with roleIn before granting a role's rights). */
  teamIdsOf(userId: string): Promise<string[]>;
  /** The member's role, read consistently; undefined for a non-member (or a removed one). */
  roleIn(teamId: string, userId: string): Promise<TeamRole | undefined>;
}

/**
 * Team resources (MCP servers, provider keys) are the existing records with the team as their
 * owner (`team#<teamId>` where a user id would be). A route acts on them as an "actor" caller whose
 * userId is the team's, after the role rules allowed the real caller; the services are unchanged.
 */
export function createTeamScope(memberships: TeamMemberships) {
  async function actorFor(caller: Caller, teamId: string, action: TeamAction): Promise<Caller> {
    const role = await memberships.roleIn(teamId, caller.userId);
    if (!role) throw new NotFoundError(TEAM_MESSAGES.notFound);
    const reason = refusal({ role, isOwner: false }, action);
    if (reason) throw new ForbiddenError(reason);
    return { ...caller, userId: teamOwnerId(teamId), memberId: caller.userId };
  }

  return {
    /** `teamId` given: the team as the actor (role checked); otherwise the caller themself. */
    actor: (caller: Caller, teamId: string | undefined, action: TeamAction): Promise<Caller> =>
      teamId ? actorFor(caller, teamId, action) : Promise.resolve(caller),

    /**
     * The owner of a resource named by id alone (a server the conversation attached): the caller's
     * own first, else the first of the caller's teams that owns it (role checked); the caller when
     * none does, so the service answers 404 as before.
     */
    async resolve(
      caller: Caller,
      action: TeamAction,
      owns: (ownerId: string) => Promise<boolean>,
    ): Promise<Caller> {
      if (caller.userId.startsWith(TEAM_OWNER_PREFIX)) return caller;
      if (await owns(caller.userId)) return caller;
      for (const teamId of await memberships.teamIdsOf(caller.userId)) {
        if (await owns(teamOwnerId(teamId))) return actorFor(caller, teamId, action);
      }
      return caller;
    },

    /** Whether the caller may use the team's resources now (a member, read consistently). */
    isMember: async (caller: Caller, teamId: string) =>
      (await memberships.roleIn(teamId, caller.userId)) !== undefined,
  };
}
export type TeamScope = ReturnType<typeof createTeamScope>;
