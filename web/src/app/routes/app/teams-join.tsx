import { JoinTeamScreen } from '../../../features/teams/components/join-team-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Join a team' };

/** /teams/join?code=… (signed-in): the invitation e-mail's link. */
export function Component() {
  return <JoinTeamScreen />;
}
