import type { Caller } from '../caller.js';
import type { UserItemsEraser } from '../users/account-deletion.js';
import { teamOwnerId } from './roles.js';
import type { TeamService } from './team-service.js';

export interface TeamDeletionDeps {
  teams: Pick<TeamService, 'beginDeletion' | 'completeDeletion'>;
  /** The MCP servers' own delete path: a running server is stopped, its slot given back. */
  servers: {
    list(caller: Caller): Promise<{ id: string }[]>;
    delete(caller: Caller, serverId: string): Promise<void>;
  };
  /** Ends the external tokens of the team's servers (audited) before the servers go. */
  revokeExternalTokens(caller: Caller, teamId: string): Promise<void>;
  /** The team's single sign-on: its provider off the web client and out of the pool, its domains released. */
  sso: { removeAll(teamId: string): Promise<boolean> };
  /** What is left keyed by the team (`team#<teamId>`): provider keys, saved prompts, usage, the billing record. */
  erasers: readonly UserItemsEraser[];
}

/**
 * Deleting a team, one path for DELETE /teams/{teamId} and account deletion (a team owned alone):
 * the owner only; the subscription is cancelled at Stripe, invitations and the other members go
 * (their access ends), then its single sign-on (the pool's provider), the servers' external tokens, the team's servers (stopped) and every item keyed by the team, and last
 * the owner's membership and the team's record. Each step can be repeated, so a deletion that failed
 * half-way is retried by the owner. The team's audit chain is never deleted.
 */
export function createTeamDeletion(deps: TeamDeletionDeps) {
  return {
    async deleteTeam(caller: Caller, teamId: string): Promise<void> {
      await deps.teams.beginDeletion(caller, teamId);
      // First: nobody signs in to the team through its provider any more.
      await deps.sso.removeAll(teamId);
      await deps.revokeExternalTokens(caller, teamId);
      // The team's servers through their own delete path, as the team's actor.
      const team: Caller = { ...caller, userId: teamOwnerId(teamId) };
      for (const server of await deps.servers.list(team)) await deps.servers.delete(team, server.id);
      for (const eraser of deps.erasers) await eraser.eraseAll(team.userId);
      await deps.teams.completeDeletion(caller, teamId);
    },
  };
}
export type TeamDeletion = ReturnType<typeof createTeamDeletion>;
