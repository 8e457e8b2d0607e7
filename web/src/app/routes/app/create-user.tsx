import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Create User' };

/** /createuser (signed-in): the spec shows no content for this route. */
export function Component() {
  return <PlaceholderScreen title="Create User" />;
}
