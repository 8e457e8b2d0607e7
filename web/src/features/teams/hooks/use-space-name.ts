import { useQuery } from '@tanstack/react-query';
import { teamsQuery } from '../api/queries';
import { PERSONAL_SPACE_NAME } from '../utils/space';
import { useSpaceTeamId } from './use-space';

/**
 * The active space's name ('Personal' or the team's), or null while the caller has no team: with
 * one space only there is nothing to tell apart.
 */
export function useSpaceName(): string | null {
  const teamId = useSpaceTeamId();
  const teams = useQuery(teamsQuery()).data?.teams;
  if (!teams || teams.length === 0) return null;
  if (teamId === undefined) return PERSONAL_SPACE_NAME;
  return teams.find((team) => team.teamId === teamId)?.name ?? PERSONAL_SPACE_NAME;
}
