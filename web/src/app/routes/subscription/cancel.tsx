import { CheckoutCancelled } from '../../../features/billing/components/checkout-result';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Subscription' };

/** /subscription/cancel: the return target of a cancelled checkout. */
export function Component() {
  return <CheckoutCancelled />;
}
