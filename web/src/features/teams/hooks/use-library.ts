import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamsQuery } from '../api/queries';
import { useSpaceTeamId } from './use-space';

/** Which library a page shows in a team's space: the caller's own or the team's. */
export type Library = 'own' | 'team';

/**
 * The library a page of the caller's and their team's things shows (prompts, knowledge): in a
 * team's space the team's by default, switchable to the caller's own; in the personal space their
 * own. `isAdmin` only shapes the view: the API checks the role on every call.
 */
export function useLibrary() {
  const teamId = useSpaceTeamId();
  const team = useQuery({ ...teamsQuery(), enabled: teamId !== undefined }).data?.teams.find(
    (candidate) => candidate.teamId === teamId,
  );
  const [chosen, setLibrary] = useState<Library>('team');
  const library: Library = teamId ? chosen : 'own';
  return {
    /** The space's team (undefined: the personal space). */
    teamId,
    team,
    isAdmin: team?.role === 'admin',
    library,
    setLibrary,
    /** The team whose library is shown; undefined for the caller's own. */
    libraryTeamId: library === 'team' ? teamId : undefined,
  };
}

export type LibraryScope = ReturnType<typeof useLibrary>;
