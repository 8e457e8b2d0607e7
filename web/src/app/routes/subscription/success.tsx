import { ProtectedRoute } from '../../../features/auth/components/protected-route';
import { CheckoutSuccess } from '../../../features/billing/components/checkout-result';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Subscription' };

/**
 * /subscription/success: the return target of a completed checkout. Syncing needs the user's
 * session: a guest signs in first and comes back here (with the checkout's session id).
 */
export function Component() {
  return (
    <ProtectedRoute>
      <CheckoutSuccess />
    </ProtectedRoute>
  );
}
