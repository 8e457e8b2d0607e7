import type { TeamRole } from '@agentforge/shared';
import { currentSpaceTeamId, setSpaceTeamId } from './space';

export const ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', user: 'User' };

/** A team the person is no longer in is not their space any more. */
export const leftTeam = (teamId: string) => {
  if (currentSpaceTeamId() === teamId) setSpaceTeamId(undefined);
};
