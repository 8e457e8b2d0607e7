import { ActivityLogScreen } from '../../../features/audit/components/activity-log-screen';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Activity log' };

/** /audit (signed-in): the user's own activity log (issue 13), linked from the sidebar. */
export function Component() {
  const { user } = useAuth();
  return <ActivityLogScreen {...(user ? { userId: user.userId } : {})} />;
}
