import { AutomationsScreen } from '../../../features/automations/components/automations-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Automations' };

/** /automations (signed-in): the space's automations (issue 32), from the sidebar. */
export function Component() {
  return <AutomationsScreen />;
}
