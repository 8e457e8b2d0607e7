import { DashboardScreen } from '../../../features/dashboard/components/dashboard-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Dashboard' };

/** /dashboard (signed-in; the target after profile setup): plan and usage, servers, recent work. */
export function Component() {
  return <DashboardScreen />;
}
