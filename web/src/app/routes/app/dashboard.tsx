import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Dashboard' };

/** /dashboard: the target after profile setup; the spec shows no content for it. */
export function Component() {
  return <PlaceholderScreen title="Dashboard" />;
}
