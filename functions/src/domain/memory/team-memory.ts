import type { Caller } from '../caller.js';
import type { TeamAction } from '../teams/roles.js';
import type { MemoryStore } from './memory.js';

export interface TeamMemoryDeps {
  store: Pick<MemoryStore, 'teamAllows' | 'setTeamAllows'>;
  /** The teams' role check: 404 for a non-member, 403 for a member without the role. */
  teams: { authorize(caller: Caller, teamId: string, action: TeamAction): Promise<unknown> };
  now: () => number;
}

/**
 * Whether members' memory goes into replies in a team's space: off until the team's Admins allow
 * it (docs/decisions/chat.md, "Memory"). Members read it; only Admins change it.
 */
export function createTeamMemory(deps: TeamMemoryDeps) {
  return {
    async get(caller: Caller, teamId: string): Promise<{ allowed: boolean }> {
      await deps.teams.authorize(caller, teamId, 'read');
      return { allowed: await deps.store.teamAllows(teamId) };
    },

    async set(caller: Caller, teamId: string, allowed: boolean): Promise<{ allowed: boolean }> {
      await deps.teams.authorize(caller, teamId, 'manageMemory');
      await deps.store.setTeamAllows(teamId, allowed, deps.now());
      return { allowed };
    },
  };
}
export type TeamMemory = ReturnType<typeof createTeamMemory>;
