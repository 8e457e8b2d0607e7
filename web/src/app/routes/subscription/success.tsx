import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Subscription' };

/** /subscription/success: the return target of a completed checkout. */
export function Component() {
  return (
    <PlaceholderScreen title="Subscription Confirmed" subtitle="Thank you: your checkout is complete." />
  );
}
