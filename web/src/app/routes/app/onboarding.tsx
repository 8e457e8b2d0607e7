import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Welcome' };

/** /onboarding (signed-in): the onboarding form. Placeholder until the onboarding issue. */
export function Component() {
  return <PlaceholderScreen title="Welcome Aboard" />;
}
