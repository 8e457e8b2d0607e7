import { TeamsScreen } from '../../../features/teams/components/teams-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Create User' };

/** /createuser (signed-in): where an Admin adds a member (issue 13): the Teams page, with its invitations. */
export function Component() {
  return <TeamsScreen />;
}
