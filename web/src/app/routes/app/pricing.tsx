import { PricingPage } from '../../../features/billing/components/pricing-page';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Pricing' };

/** /pricing (signed-in): the plan cards. */
export function Component() {
  return <PricingPage />;
}
