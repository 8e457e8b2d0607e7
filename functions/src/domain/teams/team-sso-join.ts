import type { Caller } from '../caller.js';
import type { MemberRecord } from './ports.js';
import type { createTeamCore } from './team-core.js';

/**
 * A person who signed in through the team's single sign-on joins the team as a User (no
 * invitation: the company's identity provider vouched for them). Joining again changes nothing.
 */
export function createTeamSsoJoin({ deps, store, announce, syncSeats }: ReturnType<typeof createTeamCore>) {
  return {
    async joinThroughSso(caller: Caller, teamId: string): Promise<boolean> {
      if (!(await store.getTeam(teamId))) return false;
      const at = deps.now();
      const member: MemberRecord = {
        teamId,
        userId: caller.userId,
        email: caller.email,
        role: 'user',
        joinedAt: at,
      };
      if (!(await store.addMember(member))) return false;
      await deps.myTeams.add(caller.userId, teamId);
      await store.addMembers(teamId, 1);
      await syncSeats(teamId);
      await announce(caller, { type: 'member.joined', teamId, actorId: caller.userId, role: 'user', at });
      return true;
    },
  };
}
