import { TeamsScreen } from '../../../features/teams/components/teams-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Add a member' };

/**
 * /createuser (signed-in; spec 2 shows no content): where an Admin adds a member (issue 13), the
 * Teams screen with its invitation form per team the caller administers.
 */
export function Component() {
  return <TeamsScreen />;
}
