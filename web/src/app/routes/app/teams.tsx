import { TeamsScreen } from '../../../features/teams/components/teams-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Teams' };

/** /teams (signed-in): my teams, their members, roles and invitations. */
export function Component() {
  return <TeamsScreen />;
}
