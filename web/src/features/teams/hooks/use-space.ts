import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { teamsQuery } from '../api/queries';
import { currentSpaceTeamId, subscribeToSpace } from '../utils/space';

/** The space's team id (undefined: personal), following the switcher. */
export function useSpaceTeamId(): string | undefined {
  return useSyncExternalStore(subscribeToSpace, currentSpaceTeamId, () => undefined);
}

export type Space = {
  /** The team whose space this is; undefined for the personal space. */
  teamId: string | undefined;
  /**
   * The caller may add, edit, stop and delete the space's servers and issue their external tokens:
   * always in the personal space; in a team's only as its Admin (GET /teams' `role`). While the
   * role is loading, or failed to load, it is false: a User never sees Admin controls flash. Only
   * the view's choice: the API checks the role on every call.
   */
  canManageServers: boolean;
};

/** The space the app works in and what the caller's role there lets the Servers view offer. */
export function useSpace(): Space {
  const teamId = useSpaceTeamId();
  const teams = useQuery({ ...teamsQuery(), enabled: teamId !== undefined }).data?.teams;
  if (teamId === undefined) return { teamId, canManageServers: true };
  const role = teams?.find((team) => team.teamId === teamId)?.role;
  return { teamId, canManageServers: role === 'admin' };
}
