import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Subscription' };

/** /subscription/cancel: the return target of a cancelled checkout. */
export function Component() {
  return <PlaceholderScreen title="Checkout Cancelled" subtitle="Your subscription was not changed." />;
}
