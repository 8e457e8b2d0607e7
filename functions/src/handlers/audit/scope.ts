import { teamScope } from '../../composition/team-scope.js';
import { teamAuditScope, userScope } from '../../domain/audit/audit.js';
import type { Caller } from '../../domain/caller.js';

/**
 * Whose log a request reads, from the verified caller, never from the request alone: the caller's
 * own, or with `?teamId=` the team's for its Admins (the role read from the teams table on each
 * call: 403 with the teams' adminRequired message for a User, 404 for a non-member, a removed
 * member or another team).
 */
export async function readableScope(caller: Caller, teamId: string | undefined): Promise<string> {
  if (!teamId) return userScope(caller.userId);
  await teamScope().actor(caller, teamId, 'viewAudit');
  return teamAuditScope(teamId);
}
